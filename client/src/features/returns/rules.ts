// What the request form decides before and after asking: whether an order's windows are open,
// how many of each item can still be sent back, the body to send, and where the server's
// answer belongs (a 400's lines[i] fields, a 409 naming a sold-out size).
import type { ReturnKind, ReturnPolicy, ReturnRequest } from './types';

const dayMs = 24 * 60 * 60 * 1000;

/** Statuses of requests that no longer ask for anything. */
const ended = new Set(['REJECTED', 'CANCELLED', 'CANCELED']);

/** When the order was delivered: its DELIVERED timeline step, or null. */
export function deliveredAt(orderStatus: string, timeline: { status: string; at: string }[]): Date | null {
  if (orderStatus !== 'DELIVERED') return null;
  const step = timeline.find((entry) => entry.status === 'DELIVERED');
  const at = step ? new Date(step.at) : null;
  return at && !Number.isNaN(at.getTime()) ? at : null;
}

/** The last moment a request of kind may be made, or null when the shop takes none. */
export function windowCloses(policy: ReturnPolicy, delivered: Date, kind: ReturnKind): Date | null {
  const days = kind === 'exchange' ? policy.exchangeWindowDays : policy.returnWindowDays;
  return days > 0 ? new Date(delivered.getTime() + days * dayMs) : null;
}

/** The kinds a delivered order may still ask for at now (empty when none, or not delivered). */
export function openKinds(policy: ReturnPolicy, delivered: Date | null, now = new Date()): ReturnKind[] {
  if (!delivered) return [];
  return (['exchange', 'return'] as const).filter((kind) => {
    const closes = windowCloses(policy, delivered, kind);
    return closes !== null && now.getTime() <= closes.getTime();
  });
}

/** How many of each item (by index) earlier live requests already ask for. */
export function askedQuantities(requests: ReturnRequest[]): Map<number, number> {
  const asked = new Map<number, number>();
  for (const request of requests) {
    if (ended.has(request.status)) continue;
    for (const line of request.lines) asked.set(line.item, (asked.get(line.item) ?? 0) + line.quantity);
  }
  return asked;
}

/** One chosen line of the form. */
export interface ChosenLine {
  item: number;
  quantity: number;
  newSize: string;
}

/** Field errors of a 400 by the form's parts: lines[i].x becomes the chosen line's item. */
export function errorsByItem(errors: Record<string, string> | undefined, lines: ChosenLine[]) {
  const byItem = new Map<number, string>();
  const other: Record<string, string> = {};
  for (const [field, message] of Object.entries(errors ?? {})) {
    const match = /^lines\[(\d+)\]/.exec(field);
    const line = match ? lines[Number(match[1])] : undefined;
    if (line) byItem.set(line.item, byItem.get(line.item) ?? message);
    else other[field.replace(/\[\d+\]$/, '')] ??= message;
  }
  return { byItem, other };
}

/**
 * Which chosen line a 409 about stock is about ('Size L of Oxford Shirt is sold out', 'Only 2
 * left in size L of Oxford Shirt'): the exchange line whose new size and product it names, or
 * null when it names none (the window closed, say).
 */
export function soldOutItem(message: string, lines: (ChosenLine & { productName: string })[]): number | null {
  const text = message.toLowerCase();
  const hit = lines.find(
    (line) => line.newSize && text.includes(`size ${line.newSize.toLowerCase()} of ${line.productName.toLowerCase()}`),
  );
  return hit ? hit.item : null;
}
