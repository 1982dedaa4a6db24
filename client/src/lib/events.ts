// The catalogue of the server's realtime events: every name and the payload it carries. It
// mirrors the Go catalogue (internal/shop/event/event.go; a Go test checks that both name the
// same events and that no other source spells one). Code reacting to events takes the names
// from here: the tab's socket (lib/realtime.ts, whose handler map must cover every event) and
// the screens plugged into it.

/** Every event name, by what it says. */
export const eventNames = {
  catalogChanged: 'catalog.changed',
  stockChanged: 'stock.changed',
  saleChanged: 'sale.changed',
  cartChanged: 'cart.changed',
  orderCreated: 'order.created',
  orderUpdated: 'order.updated',
  shipmentUpdated: 'shipment.updated',
  paymentUpdated: 'payment.updated',
  returnRequested: 'return.requested',
  returnUpdated: 'return.updated',
} as const;

export type EventName = (typeof eventNames)[keyof typeof eventNames];

/** catalog.changed (catalog topic): what changed; unset fields are left out. */
export interface CatalogChange {
  productId?: string;
  productIds?: string[];
  categoryId?: string;
  subCategoryId?: string;
  bannerId?: string;
  place?: string;
}

/** stock.changed (catalog topic): one product's stock left per size. */
export interface StockChange {
  productId: string;
  sizes: Record<string, number>;
}

/** sale.changed (sales topic). */
export interface SaleChange {
  saleId: string;
  deleted?: boolean;
}

/** cart.changed (the user's topic): nothing; the cart is fetched again. */
export type CartChange = Record<string, never>;

/** The order events (the user's topic and the admin boards): enough to patch an order's row. */
export interface OrderChange {
  /** The order number. */
  orderId: string;
  _id: string;
  orderStatus: string;
  paymentStatus: string;
  paymentMode: string;
  /** Rupees. */
  amount: number;
  notaddorder: boolean;
  awb: string;
}

/** The return events (the user's topic and the admin order board): the request and its order. */
export interface ReturnChange {
  _id: string;
  /** The request number: the order number with -R1, -R2… */
  returnId: string;
  /** The order number. */
  orderId: string;
  /** The order's _id. */
  orderRef: string;
  kind: 'return' | 'exchange';
  status: string;
}

/** The payload of each event. */
export interface EventPayloads {
  'catalog.changed': CatalogChange;
  'stock.changed': StockChange;
  'sale.changed': SaleChange;
  'cart.changed': CartChange;
  'order.created': OrderChange;
  'order.updated': OrderChange;
  'shipment.updated': OrderChange;
  'payment.updated': OrderChange;
  'return.requested': ReturnChange;
  'return.updated': ReturnChange;
}

/** One event as the socket delivers it, of type K. */
export interface EventOf<K extends EventName> {
  id: string;
  type: K;
  topic: string;
  data: EventPayloads[K];
  at: string;
}

/** Any server event: a union discriminated by type. */
export type ServerEvent = { [K in EventName]: EventOf<K> }[EventName];

const known = new Set<string>(Object.values(eventNames));

/** Whether name is one of the catalogue's events (the server may add events a tab does not know yet). */
export function isEventName(name: string): name is EventName {
  return known.has(name);
}
