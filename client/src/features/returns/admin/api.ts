// The back office's return calls: the queue (GET /api/admin/returns with its filters and counts
// per status), one request (GET /api/admin/returns/{id}), staff's moves (approve, reject,
// receive, QC and payout: components/StaffReturnActions, on the order page and in the queue), and the return rates by product, size and
// reason for the analytics page. lib/api.ts sends the admin token. The queue has its own tag:
// the queue's socket events refetch it (admin/live.ts); shopper-side 'Order' events never do.
import { api } from '../../../lib/api';
import { toRequest } from '../api';
import type { AdminReturnRequest, QueueFilters, QueuePage, ReturnRates, RevealedPayout } from './types';

export const queuePageSize = 10;

const withReturnQueue = api.enhanceEndpoints({ addTagTypes: ['ReturnQueue'] });

const num = (value: unknown) => (typeof value === 'number' && Number.isFinite(value) ? value : 0);
const str = (value: unknown) => (typeof value === 'string' ? value : '');
const record = (value: unknown): Record<string, unknown> | null => (value && typeof value === 'object' ? (value as Record<string, unknown>) : null);
const list = <T>(value: unknown, each: (raw: Record<string, unknown>) => T): T[] =>
  Array.isArray(value) ? value.filter((raw) => raw && typeof raw === 'object').map(each) : [];

/**
 * A request as the back office reads it: the shopper's fields (with the courier's pickup and the
 * refund), the account that asked, and the pickup's AWB and a COD refund's masked payout details
 * lifted out for the queue's rows.
 */
export function toAdminRequest(raw: Record<string, unknown>): AdminReturnRequest {
  const customer = record(raw.customer);
  const request = toRequest(raw);
  const refund = request.refund;
  return {
    ...request,
    orderRef: str(raw.orderRef),
    updatedAt: str(raw.updatedAt),
    customer: customer
      ? { _id: str(customer._id), name: [str(customer.firstName), str(customer.lastName)].filter(Boolean).join(' '), email: str(customer.email) }
      : null,
    awb: request.pickup?.awb ?? '',
    courier: request.pickup?.courierName ?? '',
    payout: refund && refund.method === 'payout' ? { method: refund.method, account: refund.payTo, reference: refund.reference } : null,
  };
}

export function toQueuePage(raw: Record<string, unknown> | null): QueuePage {
  const counts: Record<string, number> = {};
  for (const [status, n] of Object.entries(record(raw?.counts) ?? {})) counts[status] = num(n);
  return {
    items: list(raw?.items, toAdminRequest),
    counts,
    page: num(raw?.page) || 1,
    totalPages: num(raw?.totalPages),
    total: num(raw?.total),
  };
}

export function toRates(raw: Record<string, unknown> | null): ReturnRates {
  const reason = (r: Record<string, unknown>) => ({ code: str(r.code), label: str(r.label), units: num(r.units) });
  return {
    products: list(raw?.products, (p) => ({
      productId: str(p.productId),
      productName: str(p.productName),
      delivered: num(p.delivered),
      returned: num(p.returned),
      rate: num(p.rate),
      sizes: list(p.sizes, (s) => ({ size: str(s.size), delivered: num(s.delivered), returned: num(s.returned), rate: num(s.rate) })),
      reasons: list(p.reasons, reason),
    })),
    reasons: list(raw?.reasons, reason),
  };
}

/** The query string of the queue's filters (empty ones left out). */
export function queueParams(filters: QueueFilters): Record<string, string> {
  const params: Record<string, string> = { page: String(filters.page), limit: String(queuePageSize) };
  if (filters.status) params.status = filters.status;
  if (filters.kind) params.kind = filters.kind;
  if (filters.q) params.q = filters.q;
  if (filters.from) params.from = filters.from;
  if (filters.to) params.to = filters.to;
  return params;
}

type Move = { id: string } & Record<string, unknown>;

const move = (action: string) => ({
  query: ({ id, ...body }: Move) => ({ url: `admin/returns/${encodeURIComponent(id)}/${action}`, method: 'POST', body }),
  transformResponse: toAdminRequest,
  invalidatesTags: ['ReturnQueue' as const, 'Order' as const],
});

export const returnQueueApi = withReturnQueue.injectEndpoints({
  endpoints: (build) => ({
    getReturnQueue: build.query<QueuePage, QueueFilters>({
      query: (filters) => ({ url: 'admin/returns', params: queueParams(filters) }),
      transformResponse: toQueuePage,
      providesTags: ['ReturnQueue'],
    }),
    getAdminReturn: build.query<AdminReturnRequest, string>({
      query: (id) => `admin/returns/${encodeURIComponent(id)}`,
      transformResponse: toAdminRequest,
      providesTags: ['ReturnQueue'],
    }),
    approveReturn: build.mutation<AdminReturnRequest, { id: string; note?: string }>(move('approve')),
    rejectReturn: build.mutation<AdminReturnRequest, { id: string; reason: string }>(move('reject')),
    /** The parcel is at the shop (POST /api/admin/returns/{id}/receive, the refund step's). */
    receiveReturn: build.mutation<AdminReturnRequest, { id: string; note?: string }>(move('receive')),
    /** The quality check: passed, or failed with a note the shopper reads. */
    checkReturn: build.mutation<AdminReturnRequest, { id: string; passed: boolean; note?: string }>(move('qc')),
    /** A COD refund paid out by hand: the bank's or UPI app's reference. */
    recordPayout: build.mutation<AdminReturnRequest, { id: string; reference: string; note?: string }>(move('payout')),
    /** A COD return's payout details in full (admins only; each call is a reveal the audit log records, so none is kept). */
    revealPayout: build.query<RevealedPayout, string>({
      query: (id) => `admin/returns/${encodeURIComponent(id)}/payout-details`,
      transformResponse: (raw: Record<string, unknown> | null) => ({ upi: str(raw?.upi), ifsc: str(raw?.ifsc), account: str(raw?.account) }),
      keepUnusedDataFor: 0,
    }),
    getReturnRates: build.query<ReturnRates, { startDate: string; endDate: string }>({
      query: (range) => ({ url: 'admin/returns/rates', params: range }),
      transformResponse: toRates,
      providesTags: ['ReturnQueue'],
    }),
  }),
});

export const {
  useGetReturnQueueQuery,
  useGetAdminReturnQuery,
  useApproveReturnMutation,
  useRejectReturnMutation,
  useReceiveReturnMutation,
  useCheckReturnMutation,
  useRecordPayoutMutation,
  useLazyRevealPayoutQuery,
  useGetReturnRatesQuery,
} = returnQueueApi;
