// Which products a listing route shows (SPEC §2): /shop, /shop/{men|women},
// /products/{categoryType} and /products/bestseller.
import type { ProductListQuery } from './types';

export interface Listing {
  /** Identifies the listing (not the page), e.g. for keys. */
  key: string;
  kind: 'all' | 'gender' | 'bestseller' | 'subcategory';
  title: string;
  eyebrow: string;
  query: Omit<ProductListQuery, 'page' | 'limit'>;
  /** The sub-category name, to find its banner image. */
  subCategory?: string;
}

function titleCase(word: string): string {
  const trimmed = word.trim();
  return trimmed.charAt(0).toUpperCase() + trimmed.slice(1).toLowerCase();
}

/** The listing for the route's params: `type` of /shop/:type, `subcategory` of /products/:subcategory. */
export function listingFor(params: { type?: string; subcategory?: string }): Listing {
  if (params.subcategory !== undefined) {
    const name = params.subcategory.trim();
    if (name.toLowerCase() === 'bestseller') {
      return { key: 'bestseller', kind: 'bestseller', title: 'Best sellers', eyebrow: 'Most loved', query: { status: 'BestSeller' } };
    }
    return { key: `type:${name}`, kind: 'subcategory', title: name, eyebrow: 'Collection', query: { type: name }, subCategory: name };
  }
  if (params.type !== undefined && params.type.trim() !== '') {
    const gender = titleCase(params.type);
    return { key: `gender:${gender}`, kind: 'gender', title: gender, eyebrow: 'Shop', query: { gender } };
  }
  return { key: 'all', kind: 'all', title: 'Shop all', eyebrow: 'The collection', query: {} };
}

/** "1 product", "24 products". */
export function productCount(total: number): string {
  return `${total} ${total === 1 ? 'product' : 'products'}`;
}
