// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { formatRupees } from './money';

describe('formatRupees', () => {
  it('formats whole rupees without decimals', () => {
    expect(formatRupees(1999)).toBe('₹1,999');
    expect(formatRupees(0)).toBe('₹0');
  });

  it('groups digits the Indian way (lakhs and crores)', () => {
    expect(formatRupees(149999)).toBe('₹1,49,999');
    expect(formatRupees(12345678)).toBe('₹1,23,45,678');
  });

  it('shows paise with two decimals when the amount has a fraction', () => {
    expect(formatRupees(1499.5)).toBe('₹1,499.50');
  });
});

describe('formatRupees with paise', () => {
  it('always shows two decimals when asked (the sale page)', () => {
    expect(formatRupees(1999, { paise: true })).toBe('₹1,999.00');
    expect(formatRupees(1279.2, { paise: true })).toBe('₹1,279.20');
  });
});
