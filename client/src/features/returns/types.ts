// Returns and exchanges as the shopper sees them (GET /api/returns/policy, GET and POST
// /api/orders/{orderId}/returns). Money is rupees as the server computed it.

/** A reason a shopper may give; photoRequired asks for at least one photo with it. */
export interface ReturnReason {
  code: string;
  label: string;
  photoRequired: boolean;
}

/** A sub-category as the policy names it. */
export interface PolicySubCategory {
  _id: string;
  categoryType: string;
}

/** The shop's return policy: the policy page's terms and the request form's choices. */
export interface ReturnPolicy {
  /** Days after delivery; 0: the shop takes none of that kind. */
  returnWindowDays: number;
  exchangeWindowDays: number;
  /** Rupees taken from a return's refund for the pickup (0: free). */
  returnFee: number;
  freeExchanges: boolean;
  returnableSubCategories: PolicySubCategory[];
  notReturnableSubCategories: PolicySubCategory[];
  reasons: ReturnReason[];
}

export type ReturnKind = 'return' | 'exchange';

/** One line of a request: which item of the order (its index), how many, the size wanted. */
export interface ReturnLine {
  item: number;
  productId: string;
  productName: string;
  size: string;
  quantity: number;
  newSize: string;
  /** Units of newSize held for the exchange. */
  held: number;
}

/** One step of a request's timeline. */
export interface ReturnStep {
  status: string;
  label: string;
  actor: string;
  note: string;
  at: string;
}

/** The courier's reverse pickup of a request, once its booking was tried. */
export interface ReturnPickup {
  awb: string;
  courierName: string;
  /** The courier's last status, such as 'RETURN PICKED UP'. */
  courierStatus: string;
  trackUrl?: string;
  bookedAt?: string;
  /** Why booking failed for good (staff book it again). */
  error?: string;
}

/** A return or exchange request. */
export interface ReturnRequest {
  _id: string;
  /** The order number with -R1, -R2… */
  returnId: string;
  orderId: string;
  kind: ReturnKind;
  status: string;
  statusLabel: string;
  reason: { code: string; label: string };
  note: string;
  photos: string[];
  fee: number;
  lines: ReturnLine[];
  steps: ReturnStep[];
  refund: ReturnRefund | null;
  pickup?: ReturnPickup;
  /** An exchange's new parcel, once QC passed: an order of its own (<order number>-X1). */
  exchangeOrder?: ExchangeOrder;
  createdAt: string;
}

/** ExchangeOrder is the order an exchange's new size ships in, and where it is. */
export interface ExchangeOrder {
  _id: string;
  orderId: string;
  orderStatus: string;
}

/** What POST /api/orders/{orderId}/returns takes. */
export interface ReturnAsk {
  kind: ReturnKind;
  lines: { item: number; quantity: number; newSize?: string }[];
  reason: string;
  note?: string;
  photos?: string[];
  /** A cash-on-delivery order's return: where to pay the refund. */
  payout?: { upi: string } | { ifsc: string; account: string };
}

/** What a return gives back and where, as the server fixed it (rupees). */
export interface ReturnRefund {
  /** A COD shopper's UPI id or bank account, masked. */
  payTo: string;
  /** 'razorpay' (refunded to the payment) or 'payout' (staff pay and record it); '' before QC. */
  method: string;
  credit: number;
  fee: number;
  amount: number;
  creditNote: string;
  refundId: string;
  reference: string;
  refundedAt: string;
}

/** An uploaded photo: url goes into the request's photos. */
export interface ReturnPhoto {
  url: string;
}
