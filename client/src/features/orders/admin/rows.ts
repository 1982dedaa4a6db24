// The board's rows: reading the server's orders, the status badge's colour (SPEC §4: DELIVERED
// green, CANCELED red, everything else yellow, no status 'N/A'), and patching rows in place
// from realtime events.
import { statusKey, statusLabel } from '../status';
import type { AdminCodConfirmation, AdminOrder, AdminOrderItem, AdminOrderPage, OrderEventData } from './types';
import { indiaDate, indiaTime } from '../../../lib/indiaTime';

const num = (value: unknown) => (typeof value === 'number' && Number.isFinite(value) ? value : 0);
const str = (value: unknown) => (typeof value === 'string' ? value : typeof value === 'number' ? String(value) : '');
const obj = (value: unknown): Record<string, unknown> => (typeof value === 'object' && value !== null ? (value as Record<string, unknown>) : {});

/** One line of orderObj.cartData: the product as bought (productDetails), size, quantity and money. */
function toItem(raw: unknown): AdminOrderItem {
  const item = obj(raw);
  const product = obj(item.productDetails);
  return {
    productId: str(item.productId),
    productName: str(product.productName),
    size: str(item.size),
    quantity: num(item.quantity),
    discountedPrice: num(item.discountedPrice) || num(item.price),
    total: num(item.total),
    thumbnail: str(product.thumbnail),
  };
}

/**
 * One order of GET /api/admin/getalloder (or the answer of a staff action) as the board shows
 * it. It reads SPEC §3's admin order view: the items from orderObj.cartData, the customer from
 * the billing fields of orderObj.orderData (the order as sent at checkout), and the account
 * that ordered (userdetails) where the billing says nothing.
 */
export function toAdminOrder(raw: unknown): AdminOrder {
  const order = obj(raw);
  const orderObj = obj(order.orderObj);
  const billing = obj(orderObj.orderData);
  const user = obj(order.userdetails);
  const courier = obj(order.shiprocket);
  const name = [str(billing.billing_customer_name), str(billing.billing_last_name)].filter(Boolean).join(' ') || str(user.firstName);
  return {
    _id: str(order._id),
    orderId: str(order.orderId) || str(order._id),
    orderNumber: str(order.orderNumber),
    orderStatus: str(order.orderStatus),
    paymentStatus: str(order.paymentStatus),
    paymentMode: str(order.paymentMode),
    paymentId: str(order.paymentId),
    gatewayOrderId: str(order.razorpayOrderId),
    amount: num(order.amount) || num(order.totalAmount),
    items: Array.isArray(orderObj.cartData) ? orderObj.cartData.map(toItem) : [],
    customer: {
      name,
      email: str(billing.billing_email) || str(user.email),
      phone: str(billing.billing_phone),
      city: str(billing.billing_city),
      address: [billing.billing_address, billing.billing_address_2, billing.billing_city, billing.billing_state, billing.billing_pincode]
        .map(str)
        .filter(Boolean)
        .join(', '),
    },
    shipment: {
      orderId: num(courier.orderId),
      shipmentId: num(courier.shipmentId),
      awb: str(courier.awb),
      courierName: str(courier.courierName),
      trackUrl: str(courier.trackUrl),
      pushError: str(courier.pushError),
    },
    notaddorder: order.notaddorder === true,
    nextStatuses: Array.isArray(order.nextStatuses) ? order.nextStatuses.map(str).filter(Boolean) : [],
    codConfirmation: toCodConfirmation(order.codConfirmation),
    createdAt: str(order.createdAt) || str(order.date),
    orderDate: str(order.orderDate),
    orderTime: str(order.orderTime),
  };
}

function toCodConfirmation(raw: unknown): AdminCodConfirmation | null {
  const c = obj(raw);
  if (!str(c.state)) return null;
  return { state: str(c.state), due: str(c.due), by: str(c.by), at: str(c.at), note: str(c.note) };
}

/** Whether `order` waits for its cash-on-delivery confirmation (and is not pushed until then). */
export function awaitingConfirmation(order: AdminOrder): boolean {
  return order.orderStatus === 'PENDING' && order.codConfirmation?.state === 'awaiting';
}

export function toAdminOrderPage(data: unknown): AdminOrderPage {
  const page = obj(data);
  const items = Array.isArray(page.items) ? page.items.map(toAdminOrder) : [];
  return { items, page: num(page.page) || 1, totalPages: num(page.totalPages), total: num(page.total) || items.length };
}

/** Reads an order event's data; null when it names no order. */
export function readOrderEvent(data: unknown): OrderEventData | null {
  const event = obj(data);
  const id = str(event._id);
  if (!id) return null;
  return {
    _id: id,
    orderId: str(event.orderId),
    ...(typeof event.orderStatus === 'string' && event.orderStatus ? { orderStatus: event.orderStatus } : {}),
    ...(typeof event.paymentStatus === 'string' && event.paymentStatus ? { paymentStatus: event.paymentStatus } : {}),
    ...(typeof event.paymentMode === 'string' && event.paymentMode ? { paymentMode: event.paymentMode } : {}),
    ...(typeof event.amount === 'number' ? { amount: event.amount } : {}),
    ...(typeof event.codConfirmation === 'string' && event.codConfirmation ? { codConfirmation: event.codConfirmation } : {}),
  };
}

/**
 * Where each status may go, as the server's state machine (internal/order/status.go) says: a
 * row whose status an event moved offers the right next steps before the next refetch. The
 * server stays the judge: a refused move answers 409 with the allowed statuses.
 */
const transitions: Record<string, string[]> = {
  AWAITING_PAYMENT: ['PENDING', 'CANCELED'],
  PENDING: ['CONFIRMED', 'NEW', 'READY_TO_SHIP', 'PICKUP_SCHEDULED', 'SHIPPED', 'CANCELED'],
  CONFIRMED: ['NEW', 'READY_TO_SHIP', 'PICKUP_SCHEDULED', 'SHIPPED', 'CANCELED'],
  NEW: ['READY_TO_SHIP', 'PICKUP_SCHEDULED', 'SHIPPED', 'IN_TRANSIT', 'OUT_FOR_DELIVERY', 'DELIVERED', 'CANCELED'],
  READY_TO_SHIP: ['PICKUP_SCHEDULED', 'SHIPPED', 'IN_TRANSIT', 'OUT_FOR_DELIVERY', 'DELIVERED', 'CANCELED'],
  PICKUP_SCHEDULED: ['SHIPPED', 'IN_TRANSIT', 'OUT_FOR_DELIVERY', 'DELIVERED', 'CANCELED'],
  SHIPPED: ['IN_TRANSIT', 'OUT_FOR_DELIVERY', 'DELIVERED', 'RTO_INITIATED'],
  IN_TRANSIT: ['OUT_FOR_DELIVERY', 'DELIVERED', 'RTO_INITIATED'],
  OUT_FOR_DELIVERY: ['DELIVERED', 'RTO_INITIATED'],
  DELIVERED: ['RETURN_REQUESTED'],
  RTO_INITIATED: ['RTO_DELIVERED'],
  RETURN_REQUESTED: ['RETURNED', 'DELIVERED'],
};

/** Every order status, in the order of an order's life (the board's status filter). */
export const orderStatuses = [
  'AWAITING_PAYMENT',
  'PENDING',
  'CONFIRMED',
  'NEW',
  'READY_TO_SHIP',
  'PICKUP_SCHEDULED',
  'SHIPPED',
  'IN_TRANSIT',
  'OUT_FOR_DELIVERY',
  'DELIVERED',
  'CANCELED',
  'RTO_INITIATED',
  'RTO_DELIVERED',
  'RETURN_REQUESTED',
  'RETURNED',
] as const;

export function nextStatusesOf(status: string): string[] {
  return [...(transitions[statusKey(status)] ?? [])];
}

/**
 * Patches the row of the order the event is about, wherever it is on `page` (an Immer draft):
 * its status (and the next steps from it), payment status, mode and amount. Answers whether the
 * page holds that order.
 */
export function patchOrderRow(page: AdminOrderPage, event: OrderEventData): boolean {
  const row = page.items.find((order) => order._id === event._id);
  if (!row) return false;
  if (event.orderStatus && event.orderStatus !== row.orderStatus) {
    row.orderStatus = event.orderStatus;
    row.nextStatuses = nextStatusesOf(event.orderStatus);
    // Shiprocket has it now: no longer 'Not Added on Shiprocket'.
    if (!['PENDING', 'CONFIRMED', 'AWAITING_PAYMENT'].includes(statusKey(event.orderStatus))) row.notaddorder = false;
  }
  if (event.paymentStatus) row.paymentStatus = event.paymentStatus;
  if (event.paymentMode) row.paymentMode = event.paymentMode;
  if (typeof event.amount === 'number') row.amount = event.amount;
  if (event.codConfirmation && event.codConfirmation !== row.codConfirmation?.state) {
    row.codConfirmation = { ...(row.codConfirmation ?? { due: '', by: '', at: '', note: '' }), state: event.codConfirmation };
  }
  return true;
}

/** Replaces the row of `order` on `page` (an Immer draft) with the server's answer. */
export function replaceOrderRow(page: AdminOrderPage, order: AdminOrder): boolean {
  const index = page.items.findIndex((row) => row._id === order._id);
  if (index < 0) return false;
  page.items[index] = order;
  return true;
}

export type AdminTone = 'success' | 'danger' | 'waiting';

/** SPEC §4's admin colours: DELIVERED green, CANCELED red, every other status yellow. */
export function adminStatusTone(status: string): AdminTone {
  const key = statusKey(status);
  if (key === 'DELIVERED') return 'success';
  if (key === 'CANCELED' || key === 'CANCELLED') return 'danger';
  return 'waiting';
}

/** The badge's text: the status in words, or 'N/A' when there is none. */
export function adminStatusLabel(status: string): string {
  return status.trim() ? statusLabel(status) : 'N/A';
}

const paymentStates: Record<string, string> = {
  unpaid: 'Unpaid',
  pending: 'Pending',
  success: 'Paid',
  failed: 'Failed',
  refund_pending: 'Refund pending',
  refunded: 'Refunded',
};

/** 'COD' or 'Online', and the payment's state in a word or two. */
export function adminPayment(mode: string, status: string): { mode: string; state: string; tone: 'success' | 'danger' | 'neutral' } {
  const state = paymentStates[status] ?? (status ? statusLabel(status) : '—');
  const tone = status === 'success' ? 'success' : status === 'failed' ? 'danger' : 'neutral';
  return { mode: mode === 'cod' ? 'COD' : mode === 'online' ? 'Online' : mode || '—', state, tone };
}

/** Refund is for an online order that was paid and is not refunded (or being refunded) yet. */
export function canRefund(order: Pick<AdminOrder, 'paymentMode' | 'paymentStatus'>): boolean {
  return order.paymentMode === 'online' && order.paymentStatus === 'success';
}

/** When it was placed, in Indian time: { date: '24 Nov 2026', time: '1:47 am' }. */
export function placedAt(order: Pick<AdminOrder, 'createdAt' | 'orderDate' | 'orderTime'>): { date: string; time: string } {
  const when = new Date(order.createdAt);
  if (order.createdAt && !Number.isNaN(when.getTime())) return { date: indiaDate.format(when), time: indiaTime.format(when) };
  return { date: order.orderDate || '—', time: order.orderTime };
}
