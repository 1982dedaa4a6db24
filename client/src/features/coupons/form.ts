// The coupon form: from a coupon, checked before sending as the server checks it (with its
// messages where they are the same checks; the server stays the judge and its field messages
// are shown too), and into the API's body.
import type { AdminCoupon, CouponBody, CouponForm } from './types';

export const emptyCouponForm: CouponForm = {
  code: '',
  description: '',
  discount: '',
  mimimumAmount: '',
  maxDiscount: '',
  usageLimit: '',
  firstTime: false,
  active: true,
};

export function couponToForm(coupon: AdminCoupon): CouponForm {
  return {
    code: coupon.code,
    description: coupon.description,
    discount: String(coupon.discount),
    mimimumAmount: coupon.mimimumAmount ? String(coupon.mimimumAmount) : '',
    maxDiscount: coupon.maxDiscount ? String(coupon.maxDiscount) : '',
    usageLimit: coupon.usageLimit == null ? '' : String(coupon.usageLimit),
    firstTime: coupon.firstTime,
    active: coupon.status === 'active',
  };
}

const rupees = /^\d+(\.\d{1,2})?$/;

/** Field problems of form; empty when it may be sent. */
export function checkCouponForm(form: CouponForm): Record<string, string> {
  const problems: Record<string, string> = {};
  const code = form.code.trim().toUpperCase();
  if (!code) problems.code = 'Code is required';
  else if (!/^[A-Z0-9_-]{3,32}$/.test(code)) problems.code = 'Use 3 to 32 letters, digits, - or _';
  const discount = Number(form.discount);
  if (!Number.isInteger(discount) || discount < 1 || discount > 100) problems.discount = 'Discount must be 1 to 100 percent';
  if (form.mimimumAmount.trim() && !rupees.test(form.mimimumAmount.trim())) problems.mimimumAmount = 'Minimum amount must be rupees, like 1499 or 1499.50';
  if (form.maxDiscount.trim() && !rupees.test(form.maxDiscount.trim())) problems.maxDiscount = 'Maximum discount must be rupees, like 500';
  if (form.usageLimit.trim()) {
    const limit = Number(form.usageLimit);
    if (!Number.isInteger(limit) || limit < 1) problems.usageLimit = 'Usage limit must be at least 1';
  }
  if (form.description.length > 200) problems.description = 'Description must be at most 200 characters';
  return problems;
}

/** The API body for a checked form. */
export function couponBody(form: CouponForm): CouponBody {
  return {
    code: form.code.trim().toUpperCase(),
    description: form.description.trim(),
    discount: Number(form.discount),
    mimimumAmount: Number(form.mimimumAmount || 0),
    maxDiscount: Number(form.maxDiscount || 0),
    ...(form.usageLimit.trim() ? { usageLimit: Number(form.usageLimit) } : {}),
    firstTime: form.firstTime,
    status: form.active ? 'active' : 'inactive',
  };
}

/** A coupon's terms in words: "15% off orders of ₹1,499 or more, up to ₹400". */
export function couponTerms(coupon: Pick<AdminCoupon, 'discount' | 'mimimumAmount' | 'maxDiscount' | 'firstTime'>, money: (n: number) => string): string {
  let terms = `${coupon.discount}% off`;
  terms += coupon.mimimumAmount > 0 ? ` orders of ${money(coupon.mimimumAmount)} or more` : ' any order';
  if (coupon.maxDiscount > 0) terms += `, up to ${money(coupon.maxDiscount)}`;
  if (coupon.firstTime) terms += ', first order only';
  return terms;
}
