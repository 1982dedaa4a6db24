// The back office's people list (GET /api/admin/users): accounts with their orders and spend.

export type AccountRole = 'user' | 'staff' | 'admin';

export interface Customer {
  _id: string;
  email: string;
  firstName: string;
  lastName: string;
  phone: string;
  role: AccountRole | (string & {});
  createdAt: string;
  active: boolean;
  /** Orders placed. */
  orders: number;
  /** Rupees spent on them. */
  spent: number;
}

export interface CustomerPage {
  items: Customer[];
  page: number;
  totalPages: number;
  total: number;
}

export interface CustomerFilters {
  page: number;
  search: string;
  /** '' for everyone. */
  role: AccountRole | '';
}

/**
 * CODStanding is a person's cash-on-delivery standing (GET /api/admin/users/{id}/cod): their
 * orders returned to origin, the shop's limit, and an admin's word over the limit.
 */
export interface CODStanding {
  userId: string;
  rtoOrders: number;
  /** Returned-to-origin orders after which COD is off; 0 when the shop sets no limit. */
  rtoLimit: number;
  /** true allows COD whatever the count, false refuses it, null leaves it to the limit. */
  override: boolean | null;
  note: string;
  updatedBy?: string;
  updatedAt?: string;
  /** Whether the person may pay on delivery (before each order's own rules). */
  allowed: boolean;
}
