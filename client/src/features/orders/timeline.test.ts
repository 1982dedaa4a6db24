// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { timelineSteps } from './timeline';

const at = (minute: number) => `2026-11-22T14:${String(minute).padStart(2, '0')}:00Z`;

describe('timelineSteps', () => {
  it('shows what happened, marks the latest as current, and lists what is still to come', () => {
    const steps = timelineSteps(
      [
        { status: 'PAID', label: 'Payment received', at: at(6) },
        { status: 'PLACED', label: 'Order placed', at: at(5) },
      ],
      'PENDING',
      'online',
    );
    expect(steps.map((step) => [step.label, step.state])).toEqual([
      ['Order placed', 'done'],
      ['Payment received', 'current'],
      ['Packed', 'upcoming'],
      ['Shipped', 'upcoming'],
      ['Out for delivery', 'upcoming'],
      ['Delivered', 'upcoming'],
    ]);
  });

  it('has no separate payment step for cash on delivery', () => {
    const steps = timelineSteps([{ status: 'PLACED', label: 'Order placed', at: at(5) }], 'PENDING', 'cod');
    expect(steps.map((step) => step.label)).toEqual(['Order placed', 'Packed', 'Shipped', 'Out for delivery', 'Delivered']);
  });

  it('ends a cancelled order at a red Cancelled step', () => {
    const steps = timelineSteps(
      [
        { status: 'PLACED', label: 'Order placed', at: at(5) },
        { status: 'CANCELED', label: 'Order cancelled', at: at(9) },
      ],
      'CANCELED',
      'cod',
    );
    expect(steps.map((step) => [step.label, step.state])).toEqual([
      ['Order placed', 'done'],
      ['Order cancelled', 'cancelled'],
    ]);
    expect(timelineSteps([], 'CANCELED', 'cod').at(-1)).toMatchObject({ label: 'Cancelled', state: 'cancelled' });
  });

  it('is all done once delivered', () => {
    const steps = timelineSteps(
      ['PLACED', 'PACKED', 'SHIPPED', 'OUT_FOR_DELIVERY', 'DELIVERED'].map((status, index) => ({ status, label: '', at: at(index) })),
      'DELIVERED',
      'cod',
    );
    expect(steps.every((step) => step.state === 'done')).toBe(true);
    expect(steps.map((step) => step.label)).toEqual(['Order placed', 'Packed', 'Shipped', 'Out for delivery', 'Delivered']);
  });

  it("follows the courier's statuses: a parcel handed over or waiting for pickup is packed", () => {
    const steps = timelineSteps(
      [
        { status: 'PLACED', label: 'Order placed', at: at(1) },
        { status: 'NEW', label: 'Handed to the courier', at: at(2) },
        { status: 'PICKUP_SCHEDULED', label: 'Pickup scheduled', at: at(3) },
      ],
      'PICKUP_SCHEDULED',
      'cod',
    );
    expect(steps.map((step) => [step.label, step.state])).toEqual([
      ['Order placed', 'done'],
      ['Handed to the courier', 'done'],
      ['Pickup scheduled', 'current'],
      ['Shipped', 'upcoming'],
      ['Out for delivery', 'upcoming'],
      ['Delivered', 'upcoming'],
    ]);
  });
});
