// The shopper's returns and exchanges: the policy, an order's requests, asking, and the photo
// upload (re-encoded by the server). An order's requests are tagged 'Order', so the events on
// the shopper's topic that refresh their orders (return.requested among them) refresh these.
import { api } from '../../lib/api';
import type { ExchangeOrder, ReturnAsk, ReturnLine, ReturnPhoto, ReturnPickup, ReturnPolicy, ReturnRefund, ReturnRequest, ReturnStep } from './types';

const num = (value: unknown) => (typeof value === 'number' && Number.isFinite(value) ? value : 0);
const str = (value: unknown) => (typeof value === 'string' ? value : '');
const list = <T>(value: unknown, each: (raw: Record<string, unknown>) => T): T[] =>
  Array.isArray(value) ? value.filter((raw) => raw && typeof raw === 'object').map(each) : [];

export function toPolicy(raw: Record<string, unknown> | null): ReturnPolicy {
  const subCategory = (s: Record<string, unknown>) => ({ _id: str(s._id), categoryType: str(s.categoryType) });
  return {
    returnWindowDays: num(raw?.returnWindowDays),
    exchangeWindowDays: num(raw?.exchangeWindowDays),
    returnFee: num(raw?.returnFee),
    freeExchanges: raw?.freeExchanges === true,
    returnableSubCategories: list(raw?.returnableSubCategories, subCategory),
    notReturnableSubCategories: list(raw?.notReturnableSubCategories, subCategory),
    reasons: list(raw?.reasons, (r) => ({ code: str(r.code), label: str(r.label), photoRequired: r.photoRequired === true })),
  };
}

function toLine(raw: Record<string, unknown>): ReturnLine {
  return {
    item: num(raw.item),
    productId: str(raw.productId),
    productName: str(raw.productName),
    size: str(raw.size),
    quantity: num(raw.quantity),
    newSize: str(raw.newSize),
    held: num(raw.held),
  };
}

function toStep(raw: Record<string, unknown>): ReturnStep {
  return { status: str(raw.status), label: str(raw.label), actor: str(raw.actor), note: str(raw.note), at: str(raw.at) };
}

function toRefund(raw: unknown): ReturnRefund | null {
  if (!raw || typeof raw !== 'object') return null;
  const r = raw as Record<string, unknown>;
  return {
    payTo: str(r.payTo),
    method: str(r.method),
    credit: num(r.credit),
    fee: num(r.fee),
    amount: num(r.amount),
    creditNote: str(r.creditNote),
    refundId: str(r.refundId),
    reference: str(r.reference),
    refundedAt: str(r.refundedAt),
  };
}

/** The courier's pickup of a request, or undefined before its booking was tried. */
export function toPickup(raw: unknown): ReturnPickup | undefined {
  if (!raw || typeof raw !== 'object') return undefined;
  const p = raw as Record<string, unknown>;
  const trackUrl = str(p.trackUrl);
  return {
    awb: str(p.awb),
    courierName: str(p.courierName),
    courierStatus: str(p.courierStatus),
    trackUrl: trackUrl.startsWith('https://') ? trackUrl : undefined,
    bookedAt: str(p.bookedAt) || undefined,
    error: str(p.error) || undefined,
  };
}

export function toRequest(raw: Record<string, unknown>): ReturnRequest {
  const reason = (raw.reason ?? {}) as Record<string, unknown>;
  return {
    _id: str(raw._id),
    returnId: str(raw.returnId),
    orderId: str(raw.orderId),
    kind: raw.kind === 'exchange' ? 'exchange' : 'return',
    status: str(raw.status),
    statusLabel: str(raw.statusLabel) || str(raw.status),
    reason: { code: str(reason.code), label: str(reason.label) },
    note: str(raw.note),
    photos: Array.isArray(raw.photos) ? raw.photos.filter((p): p is string => typeof p === 'string') : [],
    fee: num(raw.fee),
    lines: list(raw.lines, toLine),
    steps: list(raw.steps, toStep),
    refund: toRefund(raw.refund),
    pickup: toPickup(raw.pickup),
    ...(raw.exchangeOrder && typeof raw.exchangeOrder === 'object' ? { exchangeOrder: toExchangeOrder(raw.exchangeOrder as Record<string, unknown>) } : {}),
    createdAt: str(raw.createdAt),
  };
}

function toExchangeOrder(raw: Record<string, unknown>): ExchangeOrder {
  return { _id: str(raw._id), orderId: str(raw.orderId), orderStatus: str(raw.orderStatus) };
}

export const returnsApi = api.injectEndpoints({
  endpoints: (build) => ({
    getReturnPolicy: build.query<ReturnPolicy, void>({
      query: () => 'returns/policy',
      transformResponse: toPolicy,
    }),
    getOrderReturns: build.query<ReturnRequest[], string>({
      query: (orderId) => `orders/${encodeURIComponent(orderId)}/returns`,
      transformResponse: (data: unknown) => list(data, toRequest),
      providesTags: ['Order'],
    }),
    /** An order's requests for the back office's order page (by the order's id or number). */
    askReturn: build.mutation<ReturnRequest, { orderId: string; ask: ReturnAsk }>({
      query: ({ orderId, ask }) => ({ url: `orders/${encodeURIComponent(orderId)}/returns`, method: 'POST', body: ask }),
      transformResponse: toRequest,
      invalidatesTags: ['Order'],
    }),
    getStaffOrderReturns: build.query<ReturnRequest[], string>({
      query: (orderId) => `admin/orders/${encodeURIComponent(orderId)}/returns`,
      transformResponse: (data: unknown) => list(data, toRequest),
      providesTags: ['Order'],
    }),
    uploadReturnPhoto: build.mutation<ReturnPhoto, File>({
      query: (file) => {
        const body = new FormData();
        body.append('file', file);
        return { url: 'returns/photos', method: 'POST', body };
      },
      transformResponse: (data: { url?: unknown } | null) => ({ url: str(data?.url) }),
    }),
  }),
});

export const {
  useGetReturnPolicyQuery,
  useGetOrderReturnsQuery,
  useAskReturnMutation,
  useUploadReturnPhotoMutation,
  useGetStaffOrderReturnsQuery,
} = returnsApi;
