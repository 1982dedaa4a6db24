// The checkout's calls (contract of issue 5): the coupon list, the server's quote of the cart
// (with or without a coupon), the company, the shopper's addresses, and the writes that place an
// order, each sent with an Idempotency-Key so a retry can never place it twice.
import { api, type ApiMeta } from '../../lib/api';
import type {
  CheckoutAddress,
  CheckoutConfig,
  CodOrderRequest,
  Company,
  Coupon,
  Idempotent,
  NewAddress,
  OnlineOrderRequest,
  PlacedOrder,
  Quote,
  QuoteLine,
  QuoteRequest,
  RazorpayOrder,
} from './types';

/** A placed order and the server's words for it ('Order placed successfully!'). */
export interface OrderPlaced {
  order: PlacedOrder;
  message: string;
}

const number = (value: unknown) => (typeof value === 'number' && Number.isFinite(value) ? value : 0);
const text = (value: unknown) => (typeof value === 'string' ? value : '');

function toLine(raw: Partial<QuoteLine> & { id?: string }): QuoteLine {
  return {
    _id: text(raw._id),
    productId: text(raw.productId) || text(raw.id),
    productName: text(raw.productName) || text(raw.name),
    name: text(raw.name) || text(raw.productName),
    size: text(raw.size),
    quantity: number(raw.quantity),
    price: number(raw.price),
    discount: number(raw.discount),
    discountedPrice: number(raw.discountedPrice),
    total: number(raw.total),
    thumbnail: text(raw.thumbnail),
    available: number(raw.available),
    soldOut: raw.soldOut === true,
    problem: text(raw.problem),
  };
}

/** The quote with every field there (a missing number is 0, a missing list empty). */
export function toQuote(raw: Partial<Quote> | null | undefined): Quote {
  const lines = Array.isArray(raw?.lines) ? raw.lines.map(toLine) : [];
  return {
    lines,
    subtotal: number(raw?.subtotal),
    listTotal: number(raw?.listTotal) || number(raw?.subtotal),
    productDiscount: number(raw?.productDiscount),
    coupon: raw?.coupon && typeof raw.coupon.code === 'string' ? raw.coupon : null,
    couponDiscount: number(raw?.couponDiscount),
    shipping: number(raw?.shipping),
    codFee: number(raw?.codFee),
    tax: number(raw?.tax),
    total: number(raw?.total),
    totalItems: number(raw?.totalItems) || lines.reduce((sum, line) => sum + line.quantity, 0),
    blocked: raw?.blocked === true || lines.some((line) => line.soldOut),
    cod: raw?.cod && typeof raw.cod.available === 'boolean' ? raw.cod : null,
    undeliverable: text(raw?.undeliverable),
    fees: {
      freeShippingAbove: number(raw?.fees?.freeShippingAbove),
      shippingFee: number(raw?.fees?.shippingFee),
      codFee: number(raw?.fees?.codFee),
    },
    bestCoupon:
      raw?.bestCoupon && typeof raw.bestCoupon.code === 'string' && number(raw.bestCoupon.saving) > 0
        ? { code: raw.bestCoupon.code, discount: number(raw.bestCoupon.discount), saving: number(raw.bestCoupon.saving) }
        : null,
  };
}

const placed = (order: PlacedOrder, meta: ApiMeta | undefined): OrderPlaced => ({ order, message: meta?.message ?? '' });

const idempotent = <T extends object>(url: string) => ({ idempotencyKey, ...body }: Idempotent<T>) => ({
  url,
  method: 'POST',
  body,
  headers: { 'Idempotency-Key': idempotencyKey },
});

export const checkoutApi = api.injectEndpoints({
  endpoints: (build) => ({
    /** Active coupons; with a token each says whether this shopper can use it. */
    getCoupons: build.query<Coupon[], void>({
      query: () => 'getcoupon',
      transformResponse: (data: unknown) => (Array.isArray(data) ? (data as Coupon[]) : []),
      // Eligibility can change with the cart and with a first order placed.
      providesTags: ['Cart', 'Order'],
    }),
    /**
     * The cart priced by the server, with the coupon when one is given ('' for none), the payment
     * mode (cod adds the COD fee) and the address (whether it is delivered to and may pay on
     * delivery) when chosen. A coupon
     * it cannot take answers 400 with the reason ('Coupon is not active.'); an empty cart 400
     * 'Your cart is empty.'. Any change to the cart makes it stale.
     */
    getQuote: build.query<Quote, string | QuoteRequest>({
      query: (request) => {
        const { couponCode, paymentMode, addressId } = typeof request === 'string' ? { couponCode: request } : request;
        return {
          url: 'checkout/quote',
          method: 'POST',
          body: {
            ...(couponCode ? { couponCode } : {}),
            ...(paymentMode ? { paymentMode } : {}),
            ...(addressId ? { addressId } : {}),
          },
        };
      },
      transformResponse: (data: Partial<Quote>) => toQuote(data),
      providesTags: ['Cart'],
      keepUnusedDataFor: 60,
    }),
    /** The seller; 404 'Company details not added' until the back office sets one up. */
    getCompany: build.query<Company, void>({
      query: () => 'company',
      keepUnusedDataFor: 600,
    }),
    getCheckoutAddresses: build.query<CheckoutAddress[], void>({
      query: () => 'getAddress',
      transformResponse: (data: unknown) => (Array.isArray(data) ? (data as CheckoutAddress[]) : []),
      providesTags: ['Address'],
    }),
    /** Saves an address; answers the saved one (with its _id) when the server gives it. */
    addCheckoutAddress: build.mutation<CheckoutAddress | null, NewAddress>({
      query: (body) => ({ url: 'addAddress', method: 'POST', body }),
      transformResponse: (data: unknown) =>
        data && typeof data === 'object' && '_id' in data ? (data as CheckoutAddress) : null,
      invalidatesTags: ['Address'],
    }),
    getCheckoutStates: build.query<string[], void>({
      query: () => 'address/states',
      transformResponse: (data: unknown) => (Array.isArray(data) ? data.filter((item) => typeof item === 'string') : []),
      keepUnusedDataFor: 3600,
    }),
    getCheckoutConfig: build.query<CheckoutConfig, void>({
      query: () => 'config',
      keepUnusedDataFor: 3600,
    }),

    /**
     * POST /api/createOrder: cash on delivery, or the second step of an online payment (the
     * checkout handler's result, verified by the server). Placing it empties the cart; a 409
     * (a size ran out) changes nothing but the cart's stock, so the quote is asked for again.
     */
    createOrder: build.mutation<OrderPlaced, Idempotent<CodOrderRequest | OnlineOrderRequest>>({
      query: idempotent('createOrder'),
      transformResponse: placed,
      invalidatesTags: (result, error) => (result ? ['Cart', 'Order'] : error?.status === 409 ? ['Cart'] : []),
    }),
    /** Online, step one: our order awaiting payment (stock held, cart cleared) and Razorpay's order. */
    createRazorpayOrder: build.mutation<RazorpayOrder, Idempotent<{ address: string; couponCode?: string; businessGstin?: string; businessName?: string }>>({
      query: idempotent('payments/razorpay/order'),
      invalidatesTags: (result, error) => (result ? ['Order'] : error?.status === 409 ? ['Cart'] : []),
    }),
    /** The shopper gave up on paying: the order is cancelled and its stock goes back. */
    razorpayPaymentFailed: build.mutation<PlacedOrder, { orderId: string; code?: string; description?: string }>({
      query: (body) => ({ url: 'payments/razorpay/failed', method: 'POST', body }),
      invalidatesTags: ['Cart', 'Order'],
    }),
  }),
});

export const {
  useGetCouponsQuery,
  useGetQuoteQuery,
  useGetCompanyQuery,
  useGetCheckoutAddressesQuery,
  useAddCheckoutAddressMutation,
  useGetCheckoutStatesQuery,
  useGetCheckoutConfigQuery,
  useCreateOrderMutation,
  useCreateRazorpayOrderMutation,
  useRazorpayPaymentFailedMutation,
} = checkoutApi;
