// The checkout feature's public face: the cart page opens the dialog (loaded lazily, in its own
// chunk). Pages that only list coupons import ./api directly and leave the dialog behind.
export { CheckoutDialog } from './components/CheckoutDialog';
export type { Coupon, Quote, QuoteLine } from './types';
