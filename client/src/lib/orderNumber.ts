// How a person reads an order's number: its short number after '#' ("#1042"; an exchange's new
// parcel "#1042-X1"). The long order number (orderId on the wire) stays the reference in links
// and calls; it is the label only for an order the server sent without a short number.

/** '#1042' for an order with orderNumber '1042'; its orderId when it has none. */
export function orderLabel(order: { orderId: string; orderNumber?: string | null }): string {
  return order.orderNumber ? `#${order.orderNumber}` : order.orderId;
}

/** orderNumber is the long number /thankyou shows under SPEC's "Order number" text, the
 * reference a shopper quotes to support. */
export function orderNumber(order: { orderId: string }): string {
  return order.orderId;
}
