// The checkout feature's public face: the /checkout page renders Checkout (loaded lazily, in the
// page's chunk). Pages that only list coupons import ./api directly and leave the checkout behind.
export { Checkout } from './components/Checkout';
export type { Coupon, Quote, QuoteLine } from './types';
