// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { changeProductFilters, emptyProductFilters, productFiltersToSearch, productQueryParams, readProductFilters, stockInWords } from './list';

describe('product list filters in the URL', () => {
  it('reads what it wrote and drops what it cannot read', () => {
    const filters = { page: 2, search: 'oxford', subCategory: 'Shirts', status: 'inactive' as const, stock: 'low' as const, sort: '-price' as const };
    expect(readProductFilters(productFiltersToSearch(filters))).toEqual(filters);
    expect(readProductFilters(new URLSearchParams('status=gone&stock=lots&sort=random&page=0'))).toEqual(emptyProductFilters);
  });

  it('goes back to page 1 when a filter changes and asks only for what is set', () => {
    expect(changeProductFilters({ ...emptyProductFilters, page: 5 }, { stock: 'out' }).page).toBe(1);
    expect(productQueryParams({ ...emptyProductFilters, subCategory: 'Suits' })).toEqual({ page: 1, subCategory: 'Suits' });
  });
});

describe('stock in words', () => {
  it('says what runs out', () => {
    expect(stockInWords({ totalStock: 0, stock: { M: 0 } })).toEqual({ text: 'Sold out', tone: 'out' });
    expect(stockInWords({ totalStock: 12, stock: { S: 0, M: 12 } })).toEqual({ text: '12 in stock · S sold out', tone: 'low' });
    expect(stockInWords({ totalStock: 23, stock: { S: 3, M: 20 } })).toEqual({ text: '23 in stock · 3 S left', tone: 'low' });
    expect(stockInWords({ totalStock: 26, stock: { S: 6, M: 20 } }).tone).toBe('good');
    expect(stockInWords({ totalStock: 60, stock: { S: 30, M: 30 } })).toEqual({ text: '60 in stock', tone: 'good' });
  });
});
