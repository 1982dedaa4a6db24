// A failed delivery attempt (NDR) as the server answers it (package ndr).
export type NdrAction = 'reattempt' | 'correct' | 'return';

export interface DeliveryIssue {
  _id: string;
  orderRef: string;
  orderId: string;
  awb: string;
  attempt: number;
  attemptLimit: number;
  reason: string;
  reportedAt: string;
  open: boolean;
  answered: boolean;
  action?: NdrAction;
  date?: string;
  phone?: string;
  address1?: string;
  address2?: string;
  note?: string;
  answeredBy?: string;
  answeredAt?: string;
  sentAt?: string;
  sendError?: string;
  closedAt?: string;
  outcome?: string;
  token?: string;
}

/** What the shopper's link opens. */
export interface DeliveryChoices {
  issue: DeliveryIssue;
  dates: string[];
  name: string;
  phone: string;
  address1: string;
  address2: string;
  city: string;
  state: string;
  pincode: string;
}

export interface NdrAnswer {
  action: NdrAction;
  date?: string;
  phone?: string;
  address1?: string;
  address2?: string;
  note?: string;
}

export interface NdrQueue {
  issues: DeliveryIssue[];
  attemptLimit: number;
}
