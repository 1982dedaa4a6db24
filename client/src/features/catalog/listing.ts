// Which products a listing route shows (SPEC §2): /shop, /shop/{type} (a gender, a category or a
// sub-category, by name), /products/{categoryType} and /products/bestseller.
import type { CategoryList, ProductListQuery } from './types';

export interface Listing {
  /** Identifies the listing (not the page), e.g. for keys. */
  key: string;
  kind: 'all' | 'gender' | 'category' | 'bestseller' | 'subcategory';
  title: string;
  eyebrow: string;
  query: Omit<ProductListQuery, 'page' | 'limit'>;
  /** The sub-category name, to find its banner image. */
  subCategory?: string;
  /** /shop/{type} waits for the category list to tell a category from a sub-category. */
  pending?: boolean;
}

const genders = ['men', 'women', 'unisex'];

/**
 * The listing for the route's params: `type` of /shop/:type, `subcategory` of
 * /products/:subcategory. /shop/{type} is a gender, else the category or sub-category of that
 * name in `categories` (pending until they are known; a name neither of them has is asked for as
 * a sub-category, which lists nothing).
 */
export function listingFor(params: { type?: string; subcategory?: string }, categories?: CategoryList | null): Listing {
  let subcategory = params.subcategory;
  const type = params.type?.trim();
  if (type) {
    const name = type.toLowerCase();
    if (genders.includes(name)) {
      const gender = name[0]!.toUpperCase() + name.slice(1);
      return { key: `gender:${gender}`, kind: 'gender', title: gender, eyebrow: 'Shop', query: { gender } };
    }
    if (categories === undefined) return { key: `shop:${name}`, kind: 'subcategory', title: type, eyebrow: 'Shop', query: {}, pending: true };
    const category = categories?.items.find((item) => item.name?.toLowerCase() === name)?.name;
    if (category) return { key: `category:${category}`, kind: 'category', title: category, eyebrow: 'Shop', query: { category } };
    subcategory = categories?.items.flatMap((item) => item.subCategory).find((item) => item.categoryType.toLowerCase() === name)?.categoryType ?? type;
  }
  if (subcategory !== undefined) {
    const name = subcategory.trim();
    if (name.toLowerCase() === 'bestseller') {
      return { key: 'bestseller', kind: 'bestseller', title: 'Best sellers', eyebrow: 'Most loved', query: { status: 'BestSeller' } };
    }
    return { key: `type:${name}`, kind: 'subcategory', title: name, eyebrow: 'Collection', query: { type: name }, subCategory: name };
  }
  return { key: 'all', kind: 'all', title: 'Shop all', eyebrow: 'The collection', query: {} };
}

/** "1 product", "24 products". */
export function productCount(total: number): string {
  return `${total} ${total === 1 ? 'product' : 'products'}`;
}

/** The filter and sort a listing's URL carries, as GET /api/getproduct's parameters. */
export function filterQuery(search: URLSearchParams): Record<string, string> {
  const query: Record<string, string> = {};
  for (const key of ['size', 'color', 'fit', 'price', 'onsale', 'sort']) {
    const value = search.getAll(key).join(',');
    if (value) query[key] = value;
  }
  return query;
}
