// The back office's view of orders (GET /api/admin/getalloder, SPEC §7): every shopper's
// orders with the customer, the courier's side and the statuses staff may move each to.

export type PaymentMode = 'cod' | 'online' | (string & {});

export interface AdminOrderItem {
  productId: string;
  productName: string;
  size: string;
  quantity: number;
  /** What one cost. */
  discountedPrice: number;
  total: number;
  thumbnail: string;
}

export interface AdminOrderCustomer {
  name: string;
  email: string;
  phone: string;
  city: string;
  /** The billing (and delivery) address, in one line. */
  address: string;
}

/** The order at Shiprocket: ids once pushed, the airway bill and link once assigned. */
export interface AdminShipment {
  /** Shiprocket's order and shipment ids (0 until pushed). */
  orderId: number;
  shipmentId: number;
  awb: string;
  courierName: string;
  trackUrl: string;
  pushError: string;
}

export interface AdminOrder {
  _id: string;
  /** The order number (DRP…). */
  orderId: string;
  /** The short number people read ('1042', shown '#1042'); '' when the server sent none. */
  orderNumber: string;
  orderStatus: string;
  paymentStatus: string;
  paymentMode: PaymentMode;
  /** Razorpay's payment and order ids ('' for cash on delivery, or until paid). */
  paymentId: string;
  gatewayOrderId: string;
  amount: number;
  items: AdminOrderItem[];
  customer: AdminOrderCustomer;
  shipment: AdminShipment;
  /** Shiprocket never took it: 'Not Added on Shiprocket', and staff may push it again. */
  notaddorder: boolean;
  /** The statuses staff may move it to now. */
  nextStatuses: string[];
  /** A cash-on-delivery order's confirmation before dispatch; null when it needs none. */
  codConfirmation: AdminCodConfirmation | null;
  createdAt: string;
  orderDate: string;
  orderTime: string;
}

/** Where a cash-on-delivery order's confirmation is (it is pushed to Shiprocket once confirmed). */
export interface AdminCodConfirmation {
  state: 'awaiting' | 'confirmed' | 'expired' | 'cancelled' | (string & {});
  /** When an unconfirmed order is cancelled (ISO). */
  due: string;
  /** shopper, staff or system. */
  by: string;
  at: string;
  note: string;
}

export interface AdminOrderPage {
  items: AdminOrder[];
  page: number;
  totalPages: number;
  total: number;
}

/** A view of the board: its heading, and the statuses it is limited to (the first when none is chosen). */
export interface OrderBoardView {
  title: string;
  lede: string;
  statuses?: readonly string[];
  /** The view is about Shiprocket: it filters by push state and shows Shiprocket's ids. */
  shiprocket?: boolean;
}

/** The board's filters, as they are kept in the URL (and sent, see orderQueryParams). */
export interface AdminOrderFilters {
  page: number;
  /** An orderStatus, or '' for every status. */
  orderStatus: string;
  /** An order id or number, or text about the customer or a product. */
  search: string;
  /** YYYY-MM-DD (Indian dates, both included), or ''. */
  startDate: string;
  endDate: string;
  /** Payment mode: cod, online, or '' for both. */
  mode: '' | 'cod' | 'online';
  /** Where the order is with Shiprocket: failed (every push failed), waiting, pushed, or '' for any. */
  push: PushState;
}

/** Where an order is with Shiprocket (the board's push filter). */
export type PushState = '' | 'failed' | 'waiting' | 'pushed' | 'confirm';

/** What order.created, order.updated, shipment.updated and payment.updated events carry. */
export interface OrderEventData {
  _id: string;
  orderId: string;
  orderStatus?: string;
  paymentStatus?: string;
  paymentMode?: string;
  amount?: number;
  /** Where a COD order's confirmation is: awaiting, confirmed, expired, cancelled. */
  codConfirmation?: string;
}
