// An order as its owner sees it (contract of issue 5). Money is rupees as the server computed it.

export type OrderStatus = 'AWAITING_PAYMENT' | 'PENDING' | 'CANCELED' | 'SHIPPED' | 'DELIVERED' | (string & {});
export type PaymentStatus = 'unpaid' | 'pending' | 'success' | 'failed' | 'refunded' | (string & {});

export interface OrderItem {
  productId: string;
  productName: string;
  size: string;
  quantity: number;
  /** List price of one. */
  price: number;
  discount: number;
  /** What one cost. */
  discountedPrice: number;
  total: number;
  thumbnail: string;
}

export interface TimelineEntry {
  status: string;
  label: string;
  at: string;
}

export interface OrderAddress {
  firstName: string;
  lastName: string;
  address1: string;
  address2: string;
  city: string;
  state: string;
  pincode: string;
  phone: string;
  landmark?: string;
}

/** An order's GST tax invoice, as far as the client shows it; null until the order is handed to the courier. */
export interface OrderInvoice {
  number: string;
  /** The IST day it was issued, 2026-11-26. */
  date: string;
  /** The credit notes against it (goods that came back), oldest first. */
  creditNotes: OrderCreditNote[];
}

/** A credit note against an order's invoice: its number, IST day and the total credited in rupees. */
export interface OrderCreditNote {
  number: string;
  date: string;
  total: number;
}

export interface Order {
  _id: string;
  orderId: string;
  /** The short number people read ('1042', shown '#1042' by lib/orderNumber). */
  orderNumber?: string;
  paymentMode: 'cod' | 'online' | (string & {});
  paymentStatus: PaymentStatus;
  orderStatus: OrderStatus;
  items: OrderItem[];
  subTotal: number;
  listTotal: number;
  productDiscount: number;
  couponCode: string;
  couponDiscount: number;
  shipping: number;
  /** The cash-on-delivery fee charged, rupees (0 for none). */
  codFee: number;
  tax: number;
  totalAmount: number;
  address: OrderAddress | null;
  orderDate: string;
  orderTime: string;
  createdAt: string;
  cancellable: boolean;
  timeline: TimelineEntry[];
  /** The order's tax invoice, null before it is issued. */
  invoice?: OrderInvoice | null;
  /** A cash-on-delivery order's confirmation before dispatch; null when it needs none. */
  codConfirmation?: CodConfirmation | null;
}

/** Where a cash-on-delivery order's confirmation is: it ships only once confirmed. */
export interface CodConfirmation {
  state: 'awaiting' | 'confirmed' | 'expired' | 'cancelled' | (string & {});
  /** When a waiting order is cancelled (ISO). */
  due: string;
  /** shopper, staff or system; '' while waiting. */
  by: string;
  at: string;
  note: string;
}

/** A confirmation link's answer: the order and what the server said. */
export interface CodConfirmAnswer {
  order: Order;
  message: string;
}

/** GET /api/getallorder: one page, newest first. */
export interface OrderPage {
  items: Order[];
  page: number;
  totalPages: number;
  total: number;
}

export interface OrdersQuery {
  page: number;
  /** An orderStatus, or '' for every order. */
  status: string;
}

/** GET /api/track: what anyone with the order id (and e-mail) may see. */
export interface Tracking {
  orderId: string;
  /** The short number people read ('1042'). */
  orderNumber?: string;
  orderStatus: OrderStatus;
  paymentStatus: PaymentStatus;
  paymentMode: string;
  amount: number;
  placedAt: string;
  items: OrderItem[];
  timeline: TimelineEntry[];
  /** The parcel at the courier, as the shipped mail names it ('' until assigned). */
  courierName: string;
  awb: string;
  trackUrl: string;
  /** The courier's newest scan of the parcel, once there is one. */
  latestScan: CourierScan | null;
  /** When the courier expects to deliver (ISO), null until it says. */
  estimatedDelivery?: string | null;
}

export interface CourierScan {
  at: string;
  activity: string;
  location: string;
}

export interface TrackQuery {
  orderId: string;
  /** Needed unless the signed-in owner asks. */
  email?: string;
}
