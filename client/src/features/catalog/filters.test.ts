// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { activeCount, chips, filtersQuery, readFilters, toggle, withoutChip, writeFilters } from './filters';
import { filterQuery } from './listing';
import type { Facets } from './types';

describe('listing filters in the address', () => {
  it('reads repeated and comma-separated values once each', () => {
    const filters = readFilters(new URLSearchParams('size=M,L&size=M&color=navy&price=0-999,5000-&onsale=1&sort=price_asc'));
    expect(filters).toEqual({ size: ['M', 'L'], color: ['navy'], fit: [], price: ['0-999', '5000-'], onsale: true, sort: 'price_asc' });
  });

  it('reads an unknown sort, newest and onsale other than 1 as nothing', () => {
    expect(readFilters(new URLSearchParams('sort=cheapest&onsale=yes'))).toMatchObject({ sort: '', onsale: false });
    expect(readFilters(new URLSearchParams('sort=newest')).sort).toBe('');
  });

  it('writes filters back to the same address, keeping other parameters and going back to page 1', () => {
    const search = new URLSearchParams('q=shirt&page=3&color=navy');
    const next = writeFilters(search, toggle(readFilters(search), 'size', 'M'));
    expect(next.toString()).toBe('q=shirt&size=M&color=navy');
    expect(readFilters(next)).toEqual(readFilters(new URLSearchParams(next.toString())));
  });

  it('round-trips every filter through the address', () => {
    const filters = { size: ['S', 'XL'], color: ['light-blue', 'navy'], fit: ['slim-fit'], price: ['1000-1999'], onsale: true, sort: 'bestselling' };
    const address = writeFilters(new URLSearchParams(), filters).toString();
    expect(address).toBe('size=S%2CXL&color=light-blue%2Cnavy&fit=slim-fit&price=1000-1999&onsale=1&sort=bestselling');
    expect(readFilters(new URLSearchParams(address))).toEqual(filters);
  });

  it('toggles a value on and off, and counts the chosen values but not the sort', () => {
    const on = toggle(readFilters(new URLSearchParams('sort=discount')), 'color', 'navy');
    expect(on.color).toEqual(['navy']);
    expect(activeCount({ ...on, onsale: true })).toBe(2);
    expect(toggle(on, 'color', 'navy').color).toEqual([]);
  });

  it('labels chips from the facets and removes the one clicked', () => {
    const facets: Facets = { size: [], color: [{ value: 'light-blue', label: 'Light Blue', count: 3 }], fit: [], price: [], onsale: [] };
    const filters = readFilters(new URLSearchParams('color=light-blue&size=M&onsale=1'));
    const list = chips(filters, facets);
    expect(list.map((chip) => chip.label)).toEqual(['Size: M', 'Colour: Light Blue', 'On sale']);
    expect(withoutChip(filters, list[1]!).color).toEqual([]);
    expect(withoutChip(filters, list[2]!).onsale).toBe(false);
  });

  it('asks the server for facets with an explicit sort when none is chosen', () => {
    expect(filtersQuery(readFilters(new URLSearchParams('')), true)).toEqual({ sort: 'newest' });
    expect(filtersQuery(readFilters(new URLSearchParams('size=M')), false)).toEqual({ size: 'M' });
  });

  it('passes the address filters to the listing query, and nothing for an unfiltered page', () => {
    expect(filterQuery(new URLSearchParams('page=2'))).toEqual({});
    expect(filterQuery(new URLSearchParams('size=M&size=L&sort=price_desc&page=2'))).toEqual({ size: 'M,L', sort: 'price_desc' });
  });
});
