// The checkout's view of the wire (contract of issue 5): coupons, the server's quote of the cart,
// the shopper's saved addresses, the company, and the calls that place an order. Money is rupees
// as the server computed it; the client only formats.
import type { AddressInput } from '../../lib/address';

/** A coupon as GET /api/getcoupon lists it (SPEC §3; `mimimumAmount` sic). */
export interface Coupon {
  _id: string;
  name: string;
  code: string;
  description: string;
  status: string;
  mimimumAmount: number;
  /** Percent off the subtotal. */
  discount: number;
  /** Largest discount in rupees; 0 means no cap. */
  maxDiscount: number;
  /** For the shopper's first order only. */
  firstTime: boolean;
  /** Whether the caller can use it now (sent when a token is). */
  eligible?: boolean;
  /** Why not, e.g. 'For your first order only'. */
  reason?: string;
}

/** One line of the quote: a cart line priced by the server. */
export interface QuoteLine {
  _id: string;
  productId: string;
  productName: string;
  name: string;
  size: string;
  quantity: number;
  /** List price of one. */
  price: number;
  /** The product's own percent off. */
  discount: number;
  /** What one costs after the product and sale discounts. */
  discountedPrice: number;
  total: number;
  thumbnail: string;
  /** Units of this size in stock now. */
  available: number;
  /** True when fewer are in stock than asked for: the line blocks payment. */
  soldOut: boolean;
  /** 'Only 1 left in size M' or 'Size M is sold out'; '' when fine. */
  problem: string;
}

export interface AppliedCoupon {
  code: string;
  discount: number;
  maxDiscount: number;
}

/** POST /api/checkout/quote: the cart with every total, with or without a coupon. */
export interface Quote {
  lines: QuoteLine[];
  /** After product and sale discounts, before the coupon. */
  subtotal: number;
  /** At list prices. */
  listTotal: number;
  productDiscount: number;
  coupon: AppliedCoupon | null;
  couponDiscount: number;
  shipping: number;
  /** The shop's cash-on-delivery fee, charged when the quote's payment mode is cod. */
  codFee: number;
  tax: number;
  total: number;
  totalItems: number;
  /** Some line is sold out or its product gone. */
  blocked: boolean;
  /** With an address: whether it may pay on delivery, and why not. */
  cod: { available: boolean; reason?: string } | null;
  /** With an address: why it cannot be delivered to ('' when it can). */
  undeliverable: string;
  /** The shop's fee settings, rupees: free shipping from freeShippingAbove (0: always free). */
  fees: { freeShippingAbove: number; shippingFee: number; codFee: number };
  /** The running coupon that takes the most off this cart for this shopper (the server's pick), or null. */
  bestCoupon: BestCoupon | null;
}

/** The coupon checkout offers first: its code, percent off and what it would take off, in rupees. */
export interface BestCoupon {
  code: string;
  discount: number;
  saving: number;
}

/** What a quote is asked for: the coupon, and the payment mode and address when chosen. */
export interface QuoteRequest {
  couponCode: string;
  paymentMode?: 'cod' | 'online';
  addressId?: string | null;
}

/** A saved delivery address (SPEC §3 Address): the form's fields, as the server keeps them. */
export interface CheckoutAddress extends Omit<AddressInput, 'landmark' | 'type'> {
  _id: string;
  landmark?: string;
  type: string;
  country?: string;
}

/** What the new-address form sends to POST /api/addAddress. */
export type NewAddress = AddressInput;

/** GET /api/company: the seller (checkout needs one to be set up). */
export interface Company {
  companyName: string;
  tagline?: string;
}

export type PaymentMode = 'cod' | 'online';

/** The order the server answers once it has one (only what checkout reads of it). */
export interface PlacedOrder {
  _id: string;
  orderId: string;
  paymentMode: PaymentMode;
  paymentStatus: string;
  orderStatus: string;
  totalAmount: number;
  /** A business purchase's GSTIN and name (absent for a personal one). */
  businessGstin?: string;
  businessName?: string;
}

export interface CodOrderRequest {
  paymentMode: 'cod';
  address: string;
  couponCode?: string;
  businessGstin?: string;
  businessName?: string;
}

export interface OnlineOrderRequest {
  paymentMode: 'online';
  orderId: string;
  paymentId: string;
  signature: string;
  razorpay_order_id: string;
  razorpay_payment_id: string;
  razorpay_signature: string;
}

/** A write that must happen once: the Idempotency-Key goes with it, and a retry sends the same. */
export type Idempotent<T> = T & { idempotencyKey: string };

/** POST /api/payments/razorpay/order: our order awaiting payment and the Razorpay order for it. */
export interface RazorpayOrder {
  orderId: string;
  razorpayOrderId: string;
  key: string;
  /** Paise. */
  amount: number;
  currency: string;
  name: string;
  description: string;
  prefill: { name?: string; email?: string; contact?: string };
  order: PlacedOrder;
}

/** GET /api/config, as far as checkout reads it. */
export interface CheckoutConfig {
  razorpayCheckoutUrl?: string;
}
