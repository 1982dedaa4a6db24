// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { aSale } from '../../../test/fixtures';
import { saleSummary } from './SaleHero';

describe('saleSummary', () => {
  it('names the discount, the sub-categories and the audience', () => {
    expect(saleSummary(aSale())).toBe('Flat 20% off Formal Shirts and Formal Trousers for Men.');
  });

  it('falls back to the collection, or everything, for everyone', () => {
    expect(saleSummary(aSale({ subCategories: [], categoryData: { categoryType: 'Women' }, gender: 'All' }))).toBe(
      'Flat 20% off the Women collection.',
    );
    expect(saleSummary(aSale({ subCategories: [], categoryData: { categoryType: 'All' }, gender: 'All', discount: 10 }))).toBe(
      'Flat 10% off everything.',
    );
  });
});
