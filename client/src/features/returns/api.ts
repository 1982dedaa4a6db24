// The shopper's returns and exchanges: the policy, an order's requests, asking, and the photo
// upload (re-encoded by the server). An order's requests are tagged 'Order', so the events on
// the shopper's topic that refresh their orders (return.requested among them) refresh these.
import { api } from '../../lib/api';
import type { ReturnAsk, ReturnLine, ReturnPhoto, ReturnPickup, ReturnPolicy, ReturnRequest, ReturnStep } from './types';

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
    pickup: toPickup(raw.pickup),
    createdAt: str(raw.createdAt),
  };
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
    getAdminOrderReturns: build.query<ReturnRequest[], string>({
      query: (id) => `admin/orders/${encodeURIComponent(id)}/returns`,
      transformResponse: (data: unknown) => list(data, toRequest),
      providesTags: ['Order'],
    }),
    askReturn: build.mutation<ReturnRequest, { orderId: string; ask: ReturnAsk }>({
      query: ({ orderId, ask }) => ({ url: `orders/${encodeURIComponent(orderId)}/returns`, method: 'POST', body: ask }),
      transformResponse: toRequest,
      invalidatesTags: ['Order'],
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
  useGetAdminOrderReturnsQuery,
  useAskReturnMutation,
  useUploadReturnPhotoMutation,
} = returnsApi;
