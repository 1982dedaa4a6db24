import type { AddressInput } from '../../lib/address';

/** A shopper or back-office account as the server shows it to its owner (SPEC §3 User). */
export interface User {
  _id: string;
  email: string;
  /** The full name given at registration (SPEC §5 sends it as firstName). */
  firstName: string;
  lastName: string;
  phone: string;
  federatedId: string;
  photoURL: string;
  role: 'user' | 'staff' | 'admin' | string;
  createdAt: string;
}

/** SPEC §3's login response, unwrapped: the token and the user beside it. */
export interface Session {
  token: string;
  user: User;
  /** The server's message ('Welcome Aarav', 'Registration successful!'). */
  message: string;
}

export interface Credentials {
  email: string;
  password: string;
}

export interface Registration extends Credentials {
  /** The full name. */
  firstName: string;
  /** The marketing boxes the form showed (unticked until ticked) and the version of their words. */
  marketing?: { channels: Record<string, boolean>; version: string };
}

/** A marketing tick box's words, per channel, as the server records them (GET /api/privacy/wordings). */
export interface MarketingWording {
  channel: string;
  version: string;
  text: string;
}

export interface ProfileChange {
  firstName: string;
  lastName: string;
  phone: string;
}

export { addressTypes, type AddressInput, type AddressType } from '../../lib/address';

/** A saved address as the server answers it. */
export interface Address extends AddressInput {
  _id: string;
  country: string;
  /** The whole address on one line. */
  address: string;
}

/** GET /api/config: what the client needs to know about this deployment. */
export interface ClientConfig {
  googleClientId: string;
  googleScriptUrl: string;
}

/**
 * A product on the wishlist. The server answers the same Product shape as listings; the account
 * feature only needs its id and name (the page renders it with the catalog's card).
 */
export interface SavedProduct {
  _id: string;
  productName: string;
  [field: string]: unknown;
}

export interface Wishlist {
  items: SavedProduct[];
}

export type StaffRole = 'staff' | 'admin';

export interface NewStaff extends Registration {
  role: StaffRole;
}

/** Field name → message, as forms show them beside the fields (and the server sends in `errors`). */
export type FieldErrors<K extends string = string> = Partial<Record<K, string>>;

/** How order updates reach the shopper besides e-mail: WhatsApp (the default), SMS, or none. */
export interface OrderUpdates {
  channel: 'whatsapp' | 'sms' | 'none';
}
