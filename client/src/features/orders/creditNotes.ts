// An invoice's credit notes as the server sends them, read into the client's shape. Pure (no
// window), so the order readers that run in Node tests can use it.
import type { OrderCreditNote } from './types';

const text = (value: unknown) => (typeof value === 'string' ? value : '');
const amount = (value: unknown) => (typeof value === 'number' && Number.isFinite(value) ? value : 0);

/** An invoice's creditNotes as the server sends them ({number, date, totals: {total}}). */
export function toCreditNotes(raw: unknown): OrderCreditNote[] {
  if (!Array.isArray(raw)) return [];
  return raw.map((value: { number?: unknown; date?: unknown; totals?: { total?: unknown } } | null) => ({
    number: text(value?.number),
    date: text(value?.date),
    total: amount(value?.totals?.total),
  }));
}
