// The back office's returns: the queue's filters and pages, a request as staff see it, and the
// return rates (GET /api/admin/returns, /api/admin/returns/{id}, /api/admin/returns/rates).
import type { ReturnKind, ReturnRequest } from '../types';

/** The queue's filters, kept in the URL: status and kind ('' for all), q (order or request number, shopper's name or e-mail), days from and to (YYYY-MM-DD, both included). */
export interface QueueFilters {
  status: string;
  kind: '' | ReturnKind;
  q: string;
  from: string;
  to: string;
  page: number;
}

/** A request as staff see it: awb is empty before the pickup is booked, payout null but for a COD return's refund. */
export interface AdminReturnRequest extends ReturnRequest {
  /** The order's _id, for its back-office page. */
  orderRef: string;
  updatedAt: string;
  customer: { _id: string; name: string; email: string } | null;
  awb: string;
  courier: string;
  /** A COD return's payout: method, the masked UPI id or account, and the reference once paid. */
  payout: { method: string; account: string; reference: string } | null;
}

/** A COD return's payout details in full, as an admin reveals them to pay them: a UPI id, or an IFSC and account number. */
export interface RevealedPayout {
  upi: string;
  ifsc: string;
  account: string;
}

export interface QueuePage {
  items: AdminReturnRequest[];
  /** Requests of each status under the filters other than status. */
  counts: Record<string, number>;
  page: number;
  totalPages: number;
  total: number;
}

export interface ReasonUnits {
  code: string;
  label: string;
  units: number;
}

/** One product's return rate (percent of delivered units asked back), by size and reason. */
export interface ProductReturnRate {
  productId: string;
  productName: string;
  delivered: number;
  returned: number;
  rate: number;
  sizes: { size: string; delivered: number; returned: number; rate: number }[];
  reasons: ReasonUnits[];
}

export interface ReturnRates {
  products: ProductReturnRate[];
  reasons: ReasonUnits[];
}
