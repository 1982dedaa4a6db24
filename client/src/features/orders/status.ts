// How an order's state reads to its owner: a label and a tone for the status badge (SPEC §4:
// delivered green, cancelled red, the rest waiting), the payment in words, and the date.
import type { Order, OrderStatus, PaymentStatus } from './types';
import { indiaDate, indiaDateTime } from '../../lib/indiaTime';

export type StatusTone = 'success' | 'danger' | 'waiting' | 'info';

const statusLabels: Record<string, string> = {
  AWAITING_PAYMENT: 'Awaiting payment',
  PENDING: 'Order placed',
  PLACED: 'Order placed',
  CONFIRMED: 'Confirmed',
  PAID: 'Payment received',
  NEW: 'Processing',
  PACKED: 'Packed',
  READY_TO_SHIP: 'Packed',
  PICKUP_SCHEDULED: 'Pickup scheduled',
  RTO_INITIATED: 'Returning to us',
  RTO_DELIVERED: 'Returned to us',
  SHIPPED: 'Shipped',
  IN_TRANSIT: 'In transit',
  OUT_FOR_DELIVERY: 'Out for delivery',
  DELIVERED: 'Delivered',
  CANCELED: 'Cancelled',
  CANCELLED: 'Cancelled',
  RETURNED: 'Returned',
  RETURN_REQUESTED: 'Return requested',
  REFUNDED: 'Refunded',
};

/** 'OUT_FOR_DELIVERY' → 'OUT_FOR_DELIVERY'; 'Out for delivery' → 'OUT_FOR_DELIVERY'. */
export function statusKey(status: string): string {
  return status.trim().toUpperCase().replace(/[^A-Z0-9]+/g, '_');
}

function titleCase(key: string): string {
  const words = key.toLowerCase().split('_').filter(Boolean).join(' ');
  return words ? words[0]!.toUpperCase() + words.slice(1) : 'Unknown';
}

export function statusLabel(status: OrderStatus): string {
  const key = statusKey(status);
  return statusLabels[key] ?? titleCase(key);
}

export function statusTone(status: OrderStatus): StatusTone {
  const key = statusKey(status);
  if (key === 'DELIVERED') return 'success';
  if (key === 'CANCELED' || key === 'CANCELLED' || key === 'RETURNED' || key === 'RTO_DELIVERED') return 'danger';
  if (key === 'SHIPPED' || key === 'OUT_FOR_DELIVERY' || key === 'IN_TRANSIT') return 'info';
  return 'waiting';
}

export function isCancelled(status: OrderStatus): boolean {
  const key = statusKey(status);
  return key === 'CANCELED' || key === 'CANCELLED';
}

const paymentStates: Record<string, string> = {
  unpaid: 'Pay on delivery',
  pending: 'Awaiting payment',
  success: 'Paid',
  failed: 'Payment failed',
  refunded: 'Refunded',
};

/** 'Cash on delivery · Pay on delivery', 'Online payment · Paid', 'Online payment · Payment failed'. */
export function paymentLabel(mode: string, status: PaymentStatus): { mode: string; state: string } {
  return {
    mode: mode === 'cod' ? 'Cash on delivery' : mode === 'online' ? 'Online payment' : mode || 'Payment',
    state: paymentStates[status] ?? titleCase(statusKey(status)),
  };
}

/** '22 Nov 2026' (with the time when `withTime`), or '' for a date that does not parse. */
export function formatDate(value: string, withTime = false): string {
  if (!value) return '';
  const date = new Date(value);
  if (Number.isNaN(date.getTime())) return value;
  return (withTime ? indiaDateTime : indiaDate).format(date);
}

/** When the order was placed: its timestamp, else the server's orderDate. */
export function orderPlacedOn(order: Pick<Order, 'createdAt' | 'orderDate'>): string {
  return formatDate(order.createdAt || order.orderDate);
}

/** The status filters of the order history: '' is every order. */
export const statusFilters: { value: string; label: string }[] = [
  { value: '', label: 'All orders' },
  { value: 'AWAITING_PAYMENT', label: 'Awaiting payment' },
  { value: 'PENDING', label: 'Placed' },
  { value: 'SHIPPED', label: 'Shipped' },
  { value: 'DELIVERED', label: 'Delivered' },
  { value: 'CANCELED', label: 'Cancelled' },
];
