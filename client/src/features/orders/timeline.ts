// The shopper's view of an order's journey: five milestones (placed, confirmed, shipped, out for
// delivery, delivered), each with the time it was first reached and, on the one the order is at,
// the courier's or the shop's latest word ("In transit", "Pickup scheduled"). The server's
// timeline also carries the shop's internal moves (payment attempts, pushes to the courier,
// refund requests): those are not the shopper's and are left out. What the shopper must know
// that is no milestone (a cancellation, a parcel coming back, a return, a refund) follows the
// milestones reached, and nothing is promised after it.
import { statusKey, statusLabel } from './status';
import type { TimelineEntry } from './types';

export interface TimelineStep {
  key: string;
  label: string;
  /** The courier's or shop's latest word on this milestone, when it says more than the label. */
  detail?: string;
  at: string;
  state: 'done' | 'current' | 'upcoming' | 'cancelled';
}

const milestones = ['PLACED', 'CONFIRMED', 'SHIPPED', 'OUT_FOR_DELIVERY', 'DELIVERED'] as const;
type Milestone = (typeof milestones)[number];

const milestoneLabels: Record<Milestone, string> = {
  PLACED: 'Order placed',
  CONFIRMED: 'Confirmed',
  SHIPPED: 'Shipped',
  OUT_FOR_DELIVERY: 'Out for delivery',
  DELIVERED: 'Delivered',
};

/** Which milestone a status reaches. */
const milestoneOf: Record<string, Milestone> = {
  PLACED: 'PLACED',
  CREATED: 'PLACED',
  PENDING: 'PLACED',
  ORDER_PLACED: 'PLACED',
  AWAITING_CONFIRMATION: 'PLACED',
  PAID: 'CONFIRMED',
  PAYMENT_RECEIVED: 'CONFIRMED',
  PAYMENT_SUCCESS: 'CONFIRMED',
  CONFIRMED: 'CONFIRMED',
  COD_CONFIRMED: 'CONFIRMED',
  // The courier's first steps (Shiprocket's names): the parcel is made up and waits for pickup.
  NEW: 'CONFIRMED',
  PACKED: 'CONFIRMED',
  READY_TO_SHIP: 'CONFIRMED',
  PICKUP_SCHEDULED: 'CONFIRMED',
  SHIPPED: 'SHIPPED',
  PICKED_UP: 'SHIPPED',
  IN_TRANSIT: 'SHIPPED',
  OUT_FOR_DELIVERY: 'OUT_FOR_DELIVERY',
  OFD: 'OUT_FOR_DELIVERY',
  DELIVERED: 'DELIVERED',
};

/** What the shopper must see that is no milestone; true for a cancellation. */
const outcomes: Record<string, boolean> = {
  CANCELED: true,
  CANCELLED: true,
  RTO_INITIATED: false,
  RTO_DELIVERED: false,
  RETURN_REQUESTED: false,
  RETURNED: false,
  REFUND_PENDING: false,
  REFUNDED: false,
};

const byTime = (a: TimelineEntry, b: TimelineEntry) => (Date.parse(a.at) || 0) - (Date.parse(b.at) || 0);

/** The steps to draw for an order's timeline and current status. */
export function timelineSteps(timeline: TimelineEntry[], orderStatus: string): TimelineStep[] {
  const entries = [...timeline].sort(byTime);
  const reachedAt = new Map<Milestone, string>();
  const latestWord = new Map<Milestone, string>();
  const ends: TimelineStep[] = [];
  let reached = 0;
  for (const entry of entries) {
    const key = statusKey(entry.status);
    const milestone = milestoneOf[key];
    if (milestone) {
      reached = Math.max(reached, milestones.indexOf(milestone));
      if (!reachedAt.has(milestone)) reachedAt.set(milestone, entry.at);
      latestWord.set(milestone, entry.label || statusLabel(entry.status));
    } else if (key in outcomes) {
      ends.push({ key: `${key}-${ends.length}`, label: entry.label || statusLabel(entry.status), at: entry.at, state: outcomes[key] ? 'cancelled' : 'done' });
    }
  }
  const status = statusKey(orderStatus);
  const now = milestoneOf[status];
  if (now) reached = Math.max(reached, milestones.indexOf(now));
  if (status in outcomes && !ends.some((end) => end.key.startsWith(`${status}-`) || (outcomes[status] && end.state === 'cancelled'))) {
    ends.push({ key: status, label: statusLabel(orderStatus), at: '', state: outcomes[status] ? 'cancelled' : 'done' });
  }

  const steps: TimelineStep[] = milestones.slice(0, reached + 1).map((milestone) => {
    const label = milestoneLabels[milestone];
    const word = latestWord.get(milestone);
    return { key: milestone, label, ...(word && word !== label ? { detail: word } : {}), at: reachedAt.get(milestone) ?? '', state: 'done' };
  });
  if (ends.length > 0) {
    const last = ends.at(-1)!;
    if (last.state !== 'cancelled') last.state = 'current';
    return [...steps, ...ends];
  }
  if (reached < milestones.length - 1) steps.at(-1)!.state = 'current';
  for (const milestone of milestones.slice(reached + 1)) steps.push({ key: milestone, label: milestoneLabels[milestone], at: '', state: 'upcoming' });
  return steps;
}
