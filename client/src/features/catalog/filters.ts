// A listing's filters and sort as its address carries them: ?size=M,L&color=navy&price=1000-1999
// &onsale=1&sort=price_asc. The address is the only state, so a filtered page can be shared,
// reloaded and left with the back button.
import type { Facets } from './types';

export type FacetKey = 'size' | 'color' | 'fit' | 'price';

export interface ListingFilters {
  size: string[];
  color: string[];
  fit: string[];
  price: string[];
  onsale: boolean;
  /** One of sortOptions' values; '' is newest first, the listing's own order. */
  sort: string;
}

export const facetKeys: FacetKey[] = ['size', 'color', 'fit', 'price'];

export const facetTitles: Record<FacetKey | 'onsale', string> = { size: 'Size', color: 'Colour', fit: 'Fit', price: 'Price', onsale: 'On sale' };

export const sortOptions = [
  { value: '', label: 'Newest' },
  { value: 'price_asc', label: 'Price: low to high' },
  { value: 'price_desc', label: 'Price: high to low' },
  { value: 'discount', label: 'Biggest discount' },
  { value: 'bestselling', label: 'Best selling' },
];

export const noFilters: ListingFilters = { size: [], color: [], fit: [], price: [], onsale: false, sort: '' };

function values(search: URLSearchParams, key: string): string[] {
  const out: string[] = [];
  for (const value of search.getAll(key).flatMap((v) => v.split(','))) {
    const trimmed = value.trim();
    if (trimmed && !out.includes(trimmed)) out.push(trimmed);
  }
  return out;
}

/**
 * The sorts offered on search results: by relevance first (their own order, no sort), then
 * newest and the others.
 */
export const searchSortOptions = [{ value: '', label: 'Relevance' }, { value: 'newest', label: 'Newest' }, ...sortOptions.slice(1)];

/**
 * The filters an address carries (unknown sorts read as the listing's own order: the server
 * would refuse them). On search results (`relevance`) newest is a sort of its own.
 */
export function readFilters(search: URLSearchParams, relevance = false): ListingFilters {
  const sort = search.get('sort') ?? '';
  const offered = relevance ? searchSortOptions : sortOptions;
  return {
    size: values(search, 'size'),
    color: values(search, 'color'),
    fit: values(search, 'fit'),
    price: values(search, 'price'),
    onsale: search.get('onsale') === '1',
    sort: offered.some((option) => option.value === sort) && (relevance || sort !== 'newest') ? sort : '',
  };
}

/**
 * The address for `filters` on the page whose address is `search`: its other parameters kept,
 * back to the first page, the filters written in a fixed order.
 */
export function writeFilters(search: URLSearchParams, filters: ListingFilters): URLSearchParams {
  const next = new URLSearchParams();
  for (const [key, value] of search) {
    if (key !== 'page' && !['size', 'color', 'fit', 'price', 'onsale', 'sort'].includes(key)) next.append(key, value);
  }
  for (const key of facetKeys) if (filters[key].length > 0) next.set(key, filters[key].join(','));
  if (filters.onsale) next.set('onsale', '1');
  if (filters.sort) next.set('sort', filters.sort);
  return next;
}

/** The getproduct parameters for `filters` (sort newest made explicit when asked, for the facets). */
export function filtersQuery(filters: ListingFilters, forceFacets = false): Record<string, string> {
  const query = Object.fromEntries(writeFilters(new URLSearchParams(), filters));
  if (forceFacets && !query.sort) query.sort = 'newest';
  return query;
}

/** `filters` with `value` of facet `key` chosen, or no longer chosen. */
export function toggle(filters: ListingFilters, key: FacetKey, value: string): ListingFilters {
  const chosen = filters[key];
  return { ...filters, [key]: chosen.includes(value) ? chosen.filter((v) => v !== value) : [...chosen, value] };
}

/** How many values are chosen across the facets (the sort is not a filter). */
export function activeCount(filters: ListingFilters): number {
  return facetKeys.reduce((n, key) => n + filters[key].length, 0) + (filters.onsale ? 1 : 0);
}

export interface Chip {
  key: FacetKey | 'onsale';
  value: string;
  label: string;
}

/** The chosen values as chips, labelled from the facets when they name them. */
export function chips(filters: ListingFilters, facets?: Facets): Chip[] {
  const out: Chip[] = [];
  for (const key of facetKeys) {
    for (const value of filters[key]) {
      const label = facets?.[key].find((v) => v.value === value)?.label ?? value;
      out.push({ key, value, label: `${facetTitles[key]}: ${label}` });
    }
  }
  if (filters.onsale) out.push({ key: 'onsale', value: '1', label: 'On sale' });
  return out;
}

/** `filters` without the chip's value. */
export function withoutChip(filters: ListingFilters, chip: Chip): ListingFilters {
  return chip.key === 'onsale' ? { ...filters, onsale: false } : toggle(filters, chip.key, chip.value);
}
