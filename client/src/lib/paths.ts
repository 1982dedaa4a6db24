// Route path constants of the storefront (SPEC §2), so links and the router never disagree.

export const paths = {
  home: '/',
  loader: '/loader',
  shop: '/shop',
  bestSellers: '/products/bestseller',
  search: '/search',
  aboutUs: '/aboutus',
  contactUs: '/contactus',
  shippingPolicy: '/shippingpolicy',
  returns: '/returns',
  privacyPolicy: '/returnpolicydetails',
  terms: '/terms-conditions',
  track: '/track',
  sale: '/sale',
  cart: '/cart',
  guestCart: '/guestcart',
  checkout: '/checkout',
  login: '/login',
} as const;

/** /products/{categoryType}: a sub-category listing (bestseller is the best-seller listing). */
export function productListPath(subCategory: string): string {
  return `/products/${encodeURIComponent(subCategory)}`;
}

/** /shop/men or /shop/women: everything for one gender. */
export function genderListPath(gender: string): string {
  return `${paths.shop}/${encodeURIComponent(gender.trim().toLowerCase())}`;
}

/**
 * The product detail page: its readable, canonical address /product/{slug} (search engines and
 * shared links, lib/pageHead.ts), or SPEC §2's /api/getproduct/{_id} for a product known only by
 * its id (both draw the same page). With size, ?size= opens it with that size chosen.
 */
export function productPath({ _id, slug }: { _id: string; slug?: string }, size?: string): string {
  return (slug ? `/product/${encodeURIComponent(slug)}` : `/api/getproduct/${encodeURIComponent(_id)}`) + (size ? `?size=${encodeURIComponent(size)}` : '');
}

/** /search?q={query}, with ?page= when not the first page. */
export function searchPath(query: string, page = 1): string {
  const params = new URLSearchParams({ q: query.trim() });
  if (page > 1) params.set('page', String(page));
  return `${paths.search}?${params}`;
}
