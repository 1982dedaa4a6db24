import { describe, expect, it } from 'vitest';
import { slaClock } from './sla';

describe('slaClock', () => {
  const now = Date.parse('2026-11-26T10:00:00Z');
  it('counts the days left and the days overdue', () => {
    expect(slaClock('2026-12-26T10:00:00Z', false, false, now)).toBe('Due in 30 days');
    expect(slaClock('2026-11-27T09:00:00Z', false, false, now)).toBe('Due today');
    expect(slaClock('2026-11-23T09:00:00Z', true, false, now)).toBe('Overdue by 3 days');
    expect(slaClock('2026-11-25T09:00:00Z', true, false, now)).toBe('Overdue by 1 day');
  });
  it('stops once resolved', () => {
    expect(slaClock('2026-11-23T09:00:00Z', true, true, now)).toBe('');
  });
});
