import { vi } from 'vitest';
import { envelope } from '../app/renderWithProviders';

/** One request the app made: method, path under /api/ (no leading slash), query, headers and JSON body. */
export interface RecordedCall {
  method: string;
  path: string;
  search: URLSearchParams;
  headers: Headers;
  body: unknown;
}

/** An answer: an envelope with its status, a lost connection, or a request that never answers. */
export type Reply = { status?: number; body: unknown } | 'network-error' | 'pending';

/**
 * Stubs fetch with `route`, which sees every call (and may keep state between them); calls it
 * does not answer get a 404 envelope. Returns the list of calls, in order.
 */
export function recordingFetch(route: (call: RecordedCall) => Reply | undefined) {
  const calls: RecordedCall[] = [];
  vi.stubGlobal('fetch', async (request: Request) => {
    const url = new URL(request.url);
    const text = request.method === 'GET' || request.method === 'HEAD' ? '' : await request.clone().text();
    const call: RecordedCall = {
      method: request.method,
      path: url.pathname.replace(/^\/api\//, ''),
      search: url.searchParams,
      headers: request.headers,
      body: text ? JSON.parse(text) : undefined,
    };
    calls.push(call);
    const reply = route(call) ?? { status: 404, body: envelope(null, 404, 'Not found') };
    if (reply === 'network-error') throw new TypeError('Failed to fetch');
    if (reply === 'pending') return new Promise<Response>(() => {});
    return new Response(JSON.stringify(reply.body), {
      status: reply.status ?? 200,
      headers: { 'Content-Type': 'application/json' },
    });
  });
  return calls;
}

/** An error envelope as the server sends it. */
export function refusal(status: number, message: string) {
  return { status, body: { code: status, success: false, message, data: null } };
}
