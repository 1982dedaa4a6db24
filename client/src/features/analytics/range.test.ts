import { describe, expect, it } from 'vitest';
import { addDays, indianToday, lastDays, rangeParams, readRange, spanDays, thisMonth } from './range';

describe('the analytics date range', () => {
  it('is the last 30 days without a readable one in the URL', () => {
    expect(readRange(new URLSearchParams(''), '2026-11-25')).toEqual({ from: '2026-10-27', to: '2026-11-25' });
    expect(readRange(new URLSearchParams('from=2026-11-30&to=2026-11-01'), '2026-11-25')).toEqual(lastDays(30, '2026-11-25'));
    expect(readRange(new URLSearchParams('from=yesterday&to=2026-11-01'), '2026-11-25').to).toBe('2026-11-25');
  });

  it('reads a range in order from the URL and sends it as startDate and endDate', () => {
    const range = readRange(new URLSearchParams('from=2026-11-01&to=2026-11-24'));
    expect(range).toEqual({ from: '2026-11-01', to: '2026-11-24' });
    expect(rangeParams(range)).toEqual({ startDate: '2026-11-01', endDate: '2026-11-24' });
    expect(spanDays(range)).toBe(24);
  });

  it('counts days across months and years', () => {
    expect(addDays('2026-03-01', -1)).toBe('2026-02-28');
    expect(addDays('2026-12-31', 1)).toBe('2027-01-01');
    expect(lastDays(7, '2026-11-25')).toEqual({ from: '2026-11-19', to: '2026-11-25' });
    expect(thisMonth('2026-11-25')).toEqual({ from: '2026-11-01', to: '2026-11-25' });
  });

  it('takes today in India, not in the browser’s zone', () => {
    // 20:00 UTC on the 24th is 01:30 on the 25th in India.
    expect(indianToday(new Date('2026-11-24T20:00:00Z'))).toBe('2026-11-25');
  });
});
