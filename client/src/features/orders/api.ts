// The shopper's orders (contract of issue 5): the paged history with its status filter (both in
// the cache key), cancelling, and tracking by order id (and e-mail for guests' links).
import { api, type ApiMeta } from '../../lib/api';
import { toCreditNotes } from './creditNotes';
import type { CodConfirmAnswer, CodConfirmation, Order, OrderItem, OrderPage, OrdersQuery, TimelineEntry, TrackQuery, Tracking } from './types';

/** Orders per page of the history. */
export const ordersPageSize = 10;

const num = (value: unknown) => (typeof value === 'number' && Number.isFinite(value) ? value : 0);
const str = (value: unknown) => (typeof value === 'string' ? value : '');

function toItem(raw: Partial<OrderItem>): OrderItem {
  return {
    productId: str(raw.productId),
    productName: str(raw.productName),
    size: str(raw.size),
    quantity: num(raw.quantity),
    price: num(raw.price),
    discount: num(raw.discount),
    discountedPrice: num(raw.discountedPrice) || num(raw.price),
    total: num(raw.total),
    thumbnail: str(raw.thumbnail),
  };
}

function toTimeline(raw: unknown): TimelineEntry[] {
  return Array.isArray(raw)
    ? raw.map((entry: Partial<TimelineEntry>) => ({ status: str(entry.status), label: str(entry.label), at: str(entry.at) }))
    : [];
}

/** An order's COD confirmation as the server sends it (null when it needs none). */
export function toCodConfirmation(raw: unknown): CodConfirmation | null {
  if (!raw || typeof raw !== 'object') return null;
  const c = raw as Partial<CodConfirmation>;
  if (!str(c.state)) return null;
  return { state: str(c.state), due: str(c.due), by: str(c.by), at: str(c.at), note: str(c.note) };
}

export function toOrder(raw: Partial<Order> & { amount?: number; date?: string }): Order {
  return {
    _id: str(raw._id),
    orderId: str(raw.orderId) || str(raw._id),
    orderNumber: str(raw.orderNumber),
    paymentMode: str(raw.paymentMode),
    paymentStatus: str(raw.paymentStatus),
    orderStatus: str(raw.orderStatus) || 'PENDING',
    items: Array.isArray(raw.items) ? raw.items.map(toItem) : [],
    subTotal: num(raw.subTotal),
    listTotal: num(raw.listTotal),
    productDiscount: num(raw.productDiscount),
    couponCode: str(raw.couponCode),
    couponDiscount: num(raw.couponDiscount),
    shipping: num(raw.shipping),
    codFee: num(raw.codFee),
    tax: num(raw.tax),
    totalAmount: num(raw.totalAmount) || num(raw.amount),
    address: raw.address && typeof raw.address === 'object' ? raw.address : null,
    orderDate: str(raw.orderDate),
    orderTime: str(raw.orderTime),
    createdAt: str(raw.createdAt) || str(raw.date),
    cancellable: raw.cancellable === true,
    timeline: toTimeline(raw.timeline),
    invoice:
      raw.invoice && typeof raw.invoice === 'object' && raw.invoice.number
        ? { number: str(raw.invoice.number), date: str(raw.invoice.date), creditNotes: toCreditNotes(raw.invoice.creditNotes) }
        : null,
    codConfirmation: toCodConfirmation(raw.codConfirmation),
  };
}

function toCodAnswer(data: Partial<Order>, meta: unknown): CodConfirmAnswer {
  return { order: toOrder(data), message: (meta as ApiMeta | undefined)?.message ?? '' };
}

function toTracking(raw: Partial<Tracking>): Tracking {
  return {
    orderId: str(raw.orderId),
    orderNumber: str(raw.orderNumber),
    orderStatus: str(raw.orderStatus),
    paymentStatus: str(raw.paymentStatus),
    paymentMode: str(raw.paymentMode),
    amount: num(raw.amount),
    placedAt: str(raw.placedAt),
    items: Array.isArray(raw.items) ? raw.items.map(toItem) : [],
    timeline: toTimeline(raw.timeline),
    courierName: str(raw.courierName),
    awb: str(raw.awb),
    trackUrl: /^https?:\/\//i.test(str(raw.trackUrl)) ? str(raw.trackUrl) : '',
    latestScan:
      raw.latestScan && str(raw.latestScan.activity)
        ? { at: str(raw.latestScan.at), activity: str(raw.latestScan.activity), location: str(raw.latestScan.location) }
        : null,
    estimatedDelivery: str(raw.estimatedDelivery) || null,
  };
}

export const ordersApi = api.injectEndpoints({
  endpoints: (build) => ({
    getOrders: build.query<OrderPage, OrdersQuery>({
      query: ({ page, status }) => ({
        url: 'getallorder',
        params: { page, limit: ordersPageSize, ...(status ? { status } : {}) },
      }),
      transformResponse: (data: Partial<OrderPage> | null) => ({
        items: Array.isArray(data?.items) ? data.items.map(toOrder) : [],
        page: num(data?.page) || 1,
        totalPages: num(data?.totalPages),
        total: num(data?.total),
      }),
      providesTags: ['Order'],
    }),
    getOrder: build.query<Order, string>({
      query: (orderId) => `orders/${encodeURIComponent(orderId)}`,
      transformResponse: toOrder,
      providesTags: ['Order'],
    }),
    /** Cancels while `cancellable`; stock goes back and a paid order is refunded. */
    cancelOrder: build.mutation<Order, string>({
      query: (orderId) => ({ url: `orders/${encodeURIComponent(orderId)}/cancel`, method: 'POST' }),
      transformResponse: toOrder,
      invalidatesTags: ['Order'],
    }),
    /** The order a COD confirmation link (mailed at placing) is for. */
    getCodConfirmation: build.query<Order, string>({
      query: (token) => `cod-confirmations/${encodeURIComponent(token)}`,
      transformResponse: toOrder,
      providesTags: ['Order'],
    }),
    /** The shopper confirms from the link; a second confirmation says "already confirmed". */
    confirmCodOrder: build.mutation<CodConfirmAnswer, string>({
      query: (token) => ({ url: `cod-confirmations/${encodeURIComponent(token)}/confirm`, method: 'POST' }),
      transformResponse: toCodAnswer,
      invalidatesTags: ['Order'],
    }),
    /** The shopper cancels from the link. */
    cancelCodOrder: build.mutation<CodConfirmAnswer, string>({
      query: (token) => ({ url: `cod-confirmations/${encodeURIComponent(token)}/cancel`, method: 'POST' }),
      transformResponse: toCodAnswer,
      invalidatesTags: ['Order'],
    }),
    trackOrder: build.query<Tracking, TrackQuery>({
      query: ({ orderId, email }) => ({ url: 'track', params: { orderId, ...(email ? { email } : {}) } }),
      transformResponse: toTracking,
      providesTags: ['Order'],
    }),
  }),
});

export const {
  useGetOrdersQuery,
  useGetOrderQuery,
  useCancelOrderMutation,
  useTrackOrderQuery,
  useGetCodConfirmationQuery,
  useConfirmCodOrderMutation,
  useCancelCodOrderMutation,
} = ordersApi;
