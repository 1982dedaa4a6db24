// The back office's order page (GET /api/admin/orders/{id}): the order as the board shows it,
// plus what only this page shows: every timeline entry with who moved it and why, the money
// in parts, the payment at Razorpay with its webhook events, the shipment at Shiprocket with
// the courier's reports (applied or set aside), and the refund.
import { toCreditNotes } from '../creditNotes';
import { statusLabel } from '../status';
import type { OrderCreditNote } from '../types';
import { toAdminOrder } from './rows';
import type { AdminOrder } from './types';
import { indiaDateTime } from '../../../lib/indiaTime';

const num = (value: unknown) => (typeof value === 'number' && Number.isFinite(value) ? value : 0);
const str = (value: unknown) => (typeof value === 'string' ? value : typeof value === 'number' ? String(value) : '');
const obj = (value: unknown): Record<string, unknown> => (typeof value === 'object' && value !== null ? (value as Record<string, unknown>) : {});
const list = (value: unknown): unknown[] => (Array.isArray(value) ? value : []);

/** One move of the order: from, to, who, when and the note left with it. */
export interface AdminTimelineEntry {
  status: string;
  label: string;
  from: string;
  /** Who moved it, in words: 'Shopper', 'Courier', 'Staff', 'System'; '' when not recorded. */
  actor: string;
  note: string;
  at: string;
}

export interface AdminRefund {
  /** 'requested': staff asked for it, an admin has yet to confirm it (nothing refunded yet). */
  status: 'requested' | 'pending' | 'processed' | 'failed' | (string & {});
  amount: number;
  attempt: number;
  gatewayRefundId: string;
  reason: string;
  requestedBy: string;
  failure: string;
  createdAt: string;
  updatedAt: string;
}

export interface AdminOrderDetail {
  order: AdminOrder;
  timeline: AdminTimelineEntry[];
  money: { listTotal: number; productDiscount: number; couponCode: string; couponDiscount: number; shipping: number; tax: number; amount: number };
  payment: { paymentId: string; gatewayOrderId: string; error: string };
  shipment: { pushedAt: string; trackUrl: string };
  cancelReason: string;
  refund: AdminRefund | null;
  paymentEvents: { id: string; event: string; receivedAt: string }[];
  courierReports: { status: string; reportedAt: string; receivedAt: string; applied: boolean }[];
  /** The order's tax invoice, null until the order is handed to the courier. */
  invoice: { number: string; creditNotes: OrderCreditNote[] } | null;
}

/** 'staff:<id>' → 'Staff'; 'courier' → 'Courier'; '' (nobody recorded, as at placing) → ''. */
export function actorLabel(actor: string): string {
  const kind = actor.split(':')[0]?.trim() ?? '';
  if (!kind) return '';
  return kind.charAt(0).toUpperCase() + kind.slice(1);
}

/** Reads GET /api/admin/orders/{id}'s data. */
export function toAdminOrderDetail(data: unknown): AdminOrderDetail {
  const answer = obj(data);
  const raw = obj(answer.order);
  const courier = obj(raw.shiprocket);
  const refund = answer.refund ? obj(answer.refund) : null;
  return {
    order: toAdminOrder(raw),
    timeline: list(raw.timeline).map((value) => {
      const step = obj(value);
      const status = str(step.status);
      return {
        status,
        label: str(step.label) || statusLabel(status),
        from: str(step.from),
        actor: actorLabel(str(step.actor)),
        note: str(step.note),
        at: str(step.at),
      };
    }),
    money: {
      listTotal: num(raw.listTotal),
      productDiscount: num(raw.productDiscount),
      couponCode: str(raw.couponCode),
      couponDiscount: num(raw.couponDiscount),
      shipping: num(raw.shipping),
      tax: num(raw.tax),
      amount: num(raw.amount) || num(raw.totalAmount),
    },
    payment: { paymentId: str(raw.paymentId), gatewayOrderId: str(raw.razorpayOrderId), error: str(raw.paymentError) },
    shipment: { pushedAt: str(courier.pushedAt), trackUrl: str(courier.trackUrl) },
    cancelReason: str(raw.cancelReason),
    invoice: raw.invoice ? { number: str(obj(raw.invoice).number), creditNotes: toCreditNotes(obj(raw.invoice).creditNotes) } : null,
    refund: refund && {
      status: str(refund.status),
      amount: num(refund.amount),
      attempt: num(refund.attempt) || 1,
      gatewayRefundId: str(refund.gatewayRefundId),
      reason: str(refund.reason),
      requestedBy: str(refund.requestedBy),
      failure: str(refund.failure),
      createdAt: str(refund.createdAt),
      updatedAt: str(refund.updatedAt),
    },
    paymentEvents: list(answer.paymentEvents).map((value) => {
      const event = obj(value);
      return { id: str(event.id), event: str(event.event), receivedAt: str(event.receivedAt) };
    }),
    courierReports: list(answer.courierReports).map((value) => {
      const report = obj(value);
      return { status: str(report.status), reportedAt: str(report.reportedAt), receivedAt: str(report.receivedAt), applied: report.applied === true };
    }),
  };
}

/** A moment in Indian time, '24 Nov 2026, 1:47 pm'; '—' when there is none. */
export function atIST(value: string): string {
  const when = new Date(value);
  return value && !Number.isNaN(when.getTime()) ? indiaDateTime.format(when) : '—';
}

const refundWords: Record<string, string> = { requested: 'Requested, waiting for an admin', pending: 'Refund pending', processed: 'Refunded', failed: 'Refund failed' };

/** The refund's state in words. */
export function refundLabel(status: string): string {
  return refundWords[status] ?? statusLabel(status);
}
