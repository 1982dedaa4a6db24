// The tracking timeline: what has happened (the server's entries, in order), then the steps still
// to come: Order placed → Payment received → Packed → Shipped → Out for delivery → Delivered.
// A cancelled order ends at its red 'Cancelled' step with nothing after it.
import { statusKey, statusLabel } from './status';
import type { TimelineEntry } from './types';

export interface TimelineStep {
  key: string;
  label: string;
  at: string;
  state: 'done' | 'current' | 'upcoming' | 'cancelled';
}

const stages = ['PLACED', 'PAID', 'PACKED', 'SHIPPED', 'OUT_FOR_DELIVERY', 'DELIVERED'] as const;

const stageLabels: Record<(typeof stages)[number], string> = {
  PLACED: 'Order placed',
  PAID: 'Payment received',
  PACKED: 'Packed',
  SHIPPED: 'Shipped',
  OUT_FOR_DELIVERY: 'Out for delivery',
  DELIVERED: 'Delivered',
};

const aliases: Record<string, (typeof stages)[number] | 'CANCELLED'> = {
  PLACED: 'PLACED',
  CREATED: 'PLACED',
  PENDING: 'PLACED',
  ORDER_PLACED: 'PLACED',
  PAID: 'PAID',
  PAYMENT_RECEIVED: 'PAID',
  PAYMENT_SUCCESS: 'PAID',
  PACKED: 'PACKED',
  // The courier's first steps (Shiprocket's names): the parcel is made up and waits for pickup.
  NEW: 'PACKED',
  READY_TO_SHIP: 'PACKED',
  PICKUP_SCHEDULED: 'PACKED',
  SHIPPED: 'SHIPPED',
  PICKED_UP: 'SHIPPED',
  IN_TRANSIT: 'SHIPPED',
  OUT_FOR_DELIVERY: 'OUT_FOR_DELIVERY',
  DELIVERED: 'DELIVERED',
  CANCELED: 'CANCELLED',
  CANCELLED: 'CANCELLED',
};

/** The steps to draw for an order's timeline and current status. */
export function timelineSteps(timeline: TimelineEntry[], orderStatus: string, paymentMode: string): TimelineStep[] {
  const entries = [...timeline].sort((a, b) => (Date.parse(a.at) || 0) - (Date.parse(b.at) || 0));
  const steps: TimelineStep[] = [];
  let reached = -1;
  let cancelled = aliases[statusKey(orderStatus)] === 'CANCELLED';
  for (const entry of entries) {
    const stage = aliases[statusKey(entry.status)];
    if (stage === 'CANCELLED') cancelled = true;
    if (stage && stage !== 'CANCELLED') reached = Math.max(reached, stages.indexOf(stage));
    steps.push({
      key: `${entry.status}-${entry.at}-${steps.length}`,
      label: entry.label || (stage && stage !== 'CANCELLED' ? stageLabels[stage] : statusLabel(entry.status)),
      at: entry.at,
      state: stage === 'CANCELLED' ? 'cancelled' : 'done',
    });
  }
  if (steps.length === 0) {
    steps.push({ key: 'PLACED', label: stageLabels.PLACED, at: '', state: 'done' });
    reached = 0;
  }
  const orderReached = aliases[statusKey(orderStatus)];
  if (orderReached && orderReached !== 'CANCELLED') reached = Math.max(reached, stages.indexOf(orderReached));

  if (cancelled) {
    if (!steps.some((step) => step.state === 'cancelled')) steps.push({ key: 'CANCELLED', label: 'Cancelled', at: '', state: 'cancelled' });
    return steps;
  }
  // What is still to come. Cash on delivery is paid at the door: no separate payment step.
  const upcoming = stages.slice(reached + 1).filter((stage) => !(stage === 'PAID' && paymentMode === 'cod'));
  const last = steps.at(-1);
  if (last && upcoming.length > 0) last.state = 'current';
  for (const stage of upcoming) steps.push({ key: stage, label: stageLabels[stage], at: '', state: 'upcoming' });
  if (upcoming.length === 0 && last) last.state = 'done';
  return steps;
}
