// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { timelineSteps } from './timeline';

const at = (minute: number) => `2026-11-22T14:${String(minute).padStart(2, '0')}:00Z`;
const entry = (status: string, minute: number, label = '') => ({ status, label, at: at(minute) });

describe('timelineSteps', () => {
  it('shows the five milestones, with the courier’s latest word on the current one', () => {
    const steps = timelineSteps(
      [entry('IN_TRANSIT', 9, 'In transit'), entry('PLACED', 5, 'Order placed'), entry('NEW', 6, 'Handed to the courier'), entry('SHIPPED', 8, 'Shipped')],
      'IN_TRANSIT',
    );
    expect(steps.map((step) => [step.label, step.state, step.detail ?? '', step.at])).toEqual([
      ['Order placed', 'done', '', at(5)],
      ['Confirmed', 'done', 'Handed to the courier', at(6)],
      ['Shipped', 'current', 'In transit', at(8)],
      ['Out for delivery', 'upcoming', '', ''],
      ['Delivered', 'upcoming', '', ''],
    ]);
  });

  it('hides failed payment attempts and the shop’s internal moves', () => {
    const steps = timelineSteps(
      [
        entry('PLACED', 1, 'Order placed'),
        entry('AWAITING_PAYMENT', 1, 'Waiting for payment'),
        entry('PAYMENT_FAILED', 2, 'Payment failed'),
        entry('PAID', 3, 'Payment received'),
        entry('PUSH_FAILED', 4, 'push failed'),
        entry('PUSH_RETRIED', 5, 'push retried'),
        entry('REFUND_REQUESTED', 6, 'Refund requested'),
      ],
      'PENDING',
    );
    const text = steps.map((step) => `${step.label} ${step.detail ?? ''}`).join(' | ');
    expect(text).not.toMatch(/failed|Waiting for payment|push|Refund requested/i);
    expect(steps.map((step) => [step.label, step.state])).toEqual([
      ['Order placed', 'done'],
      ['Confirmed', 'current'],
      ['Shipped', 'upcoming'],
      ['Out for delivery', 'upcoming'],
      ['Delivered', 'upcoming'],
    ]);
  });

  it('ends a cancelled order at a red Cancelled step, promising nothing after', () => {
    const steps = timelineSteps([entry('PLACED', 5, 'Order placed'), entry('CANCELED', 9, 'Order cancelled')], 'CANCELED');
    expect(steps.map((step) => [step.label, step.state])).toEqual([
      ['Order placed', 'done'],
      ['Order cancelled', 'cancelled'],
    ]);
    expect(timelineSteps([], 'CANCELED').at(-1)).toMatchObject({ label: 'Cancelled', state: 'cancelled' });
  });

  it('keeps a parcel coming back and a return in view', () => {
    const steps = timelineSteps(
      [entry('PLACED', 1), entry('SHIPPED', 2), entry('OUT_FOR_DELIVERY', 3), entry('RTO_INITIATED', 4, 'Returning to us')],
      'RTO_INITIATED',
    );
    expect(steps.map((step) => [step.label, step.state])).toEqual([
      ['Order placed', 'done'],
      ['Confirmed', 'done'],
      ['Shipped', 'done'],
      ['Out for delivery', 'done'],
      ['Returning to us', 'current'],
    ]);
    const returned = timelineSteps(
      [entry('PLACED', 1), entry('DELIVERED', 2), entry('RETURN_REQUESTED', 3, 'Return requested')],
      'RETURN_REQUESTED',
    );
    expect(returned.at(-1)).toMatchObject({ label: 'Return requested', state: 'current' });
  });

  it('is all done once delivered', () => {
    const steps = timelineSteps(
      ['PLACED', 'CONFIRMED', 'SHIPPED', 'OUT_FOR_DELIVERY', 'DELIVERED'].map((status, index) => entry(status, index)),
      'DELIVERED',
    );
    expect(steps.every((step) => step.state === 'done')).toBe(true);
    expect(steps).toHaveLength(5);
  });
});
