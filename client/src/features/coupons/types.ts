// Coupons in the back office (GET/POST /api/admin/coupons, PUT /api/admin/coupons/{id}, POST
// …/{id}/active, DELETE …/{id}; admins only). Amounts are rupees; 'mimimumAmount' is the
// API's own spelling (SPEC §3).

export interface AdminCoupon {
  _id: string;
  code: string;
  description: string;
  status: 'active' | 'inactive' | (string & {});
  mimimumAmount: number;
  discount: number;
  /** 0: no cap. */
  maxDiscount: number;
  firstTime: boolean;
  /** null: unlimited. */
  usageLimit: number | null;
  used: number;
}

export interface AdminCouponPage {
  items: AdminCoupon[];
  page: number;
  totalPages: number;
  total: number;
}

/** The coupon form as typed (strings, so half-typed numbers are kept as they are). */
export interface CouponForm {
  code: string;
  description: string;
  discount: string;
  mimimumAmount: string;
  maxDiscount: string;
  usageLimit: string;
  firstTime: boolean;
  active: boolean;
}

/** What the API takes to create or replace a coupon. */
export interface CouponBody {
  code: string;
  description: string;
  discount: number;
  mimimumAmount: number;
  maxDiscount: number;
  usageLimit?: number;
  firstTime: boolean;
  status: 'active' | 'inactive';
}
