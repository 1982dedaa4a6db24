import { describe, expect, it } from 'vitest';
import { previousMonth } from './gstr1';

describe('previousMonth', () => {
  it('is the month before, across a year', () => {
    expect(previousMonth('2026-11-26')).toBe('2026-10');
    expect(previousMonth('2027-01-05')).toBe('2026-12');
    expect(previousMonth('2026-10-01')).toBe('2026-09');
  });
});
