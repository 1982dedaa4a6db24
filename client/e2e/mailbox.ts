// sim's mailbox (its SMTP sink) as the browser tests read it: the mails the running stack sent.
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { expect, type APIRequestContext } from '@playwright/test';

/** sim's HTTP address: SIM_URL, else the last "sim listening" line of RUN_NAME's sim log. */
export function simUrl(): string {
  if (process.env.SIM_URL) return process.env.SIM_URL.replace(/\/$/, '');
  const log = fileURLToPath(new URL(`../../.data/${process.env.RUN_NAME ?? 'run'}/logs/sim.log`, import.meta.url));
  const address = readFileSync(log, 'utf8').match(/sim listening http=(\S+)/g)?.at(-1)?.split('http=')[1];
  if (!address) throw new Error(`no "sim listening" line in ${log}; set SIM_URL`);
  return `http://${address}`;
}

/** A mail as sim's mailbox lists it. */
export interface Mail {
  subject: string;
  text: string;
}

/** The mails sent to `to` that `wanted` picks, waiting up to 30 s for at least one. */
export async function mailsTo(request: APIRequestContext, to: string, wanted: (mail: Mail) => boolean): Promise<Mail[]> {
  let found: Mail[] = [];
  await expect
    .poll(
      async () => {
        const answer = await request.get(`${simUrl()}/mail/api/messages?to=${encodeURIComponent(to)}`);
        found = ((await answer.json()) as { messages: Mail[] }).messages.filter(wanted);
        return found.length;
      },
      { message: `a mail to ${to}`, timeout: 30_000 },
    )
    .toBeGreaterThan(0);
  return found;
}

/** The path of the first link in `text` whose path starts with `prefix` ('/restock-alerts/'). */
export function linkPath(text: string, prefix: string): string {
  const url = text.match(new RegExp(`https?://\\S+?(${prefix.replace(/[/]/g, '\\/')}\\S*)`))?.[1];
  expect(url, `a link to ${prefix}… in:\n${text}`).toBeTruthy();
  return url!;
}
