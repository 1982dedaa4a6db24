import { vi } from 'vitest';
import { envelope } from '../app/renderWithProviders';

export type Answer = { status?: number; body: unknown } | (() => Promise<Response>);

/** Stubs fetch: answers /api paths (404 envelope otherwise) and returns every URL asked for. */
export function serve(answers: Record<string, Answer>) {
  const asked: URL[] = [];
  vi.stubGlobal('fetch', async (input: Request) => {
    const url = new URL(input.url);
    asked.push(url);
    const answer = answers[`${url.pathname}${url.search}`] ?? answers[url.pathname];
    if (typeof answer === 'function') return answer();
    const { status = 200, body } = answer ?? { status: 404, body: envelope(null, 404, 'Not found') };
    return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
  });
  return asked;
}

/** A request that never answers: the page stays loading. */
export const pending = () => new Promise<Response>(() => {});
