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
