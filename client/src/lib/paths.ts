// Route path constants of the storefront (SPEC §2), so links and the router never disagree.

export const paths = {
  home: '/',
  loader: '/loader',
  shop: '/shop',
  bestSellers: '/products/bestseller',
  aboutUs: '/aboutus',
  contactUs: '/contactus',
  shippingPolicy: '/shippingpolicy',
  returns: '/returns',
  privacyPolicy: '/returnpolicydetails',
  terms: '/terms-conditions',
  track: '/track',
  sale: '/sale',
  cart: '/cart',
  login: '/login',
} as const;

export function productListPath(subCategory: string): string {
  return `/products/${encodeURIComponent(subCategory)}`;
}
