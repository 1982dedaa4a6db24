// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { checkCouponForm, couponBody, couponTerms, couponToForm, emptyCouponForm } from './form';

describe('the coupon form', () => {
  it('says what is wrong, field by field', () => {
    expect(checkCouponForm(emptyCouponForm)).toEqual({ code: 'Code is required', discount: 'Discount must be 1 to 100 percent' });
    expect(
      checkCouponForm({ ...emptyCouponForm, code: 'x!', discount: '12.5', mimimumAmount: '1499.555', maxDiscount: 'lots', usageLimit: '0' }),
    ).toEqual({
      code: 'Use 3 to 32 letters, digits, - or _',
      discount: 'Discount must be 1 to 100 percent',
      mimimumAmount: 'Minimum amount must be rupees, like 1499 or 1499.50',
      maxDiscount: 'Maximum discount must be rupees, like 500',
      usageLimit: 'Usage limit must be at least 1',
    });
  });

  it('sends codes in capitals, amounts as numbers, no limit when none is given', () => {
    const form = { ...emptyCouponForm, code: ' diwali20 ', discount: '20', mimimumAmount: '1499.50', maxDiscount: '', usageLimit: '' };
    expect(checkCouponForm(form)).toEqual({});
    expect(couponBody(form)).toEqual({
      code: 'DIWALI20',
      description: '',
      discount: 20,
      mimimumAmount: 1499.5,
      maxDiscount: 0,
      firstTime: false,
      status: 'active',
    });
  });

  it('reads a coupon back into the form and its terms into words', () => {
    const coupon = { _id: 'c', code: 'WELCOME15', description: 'First order', status: 'inactive', mimimumAmount: 999, discount: 15, maxDiscount: 400, firstTime: true, usageLimit: null, used: 3 };
    expect(couponToForm(coupon)).toEqual({ code: 'WELCOME15', description: 'First order', discount: '15', mimimumAmount: '999', maxDiscount: '400', usageLimit: '', firstTime: true, active: false });
    expect(couponTerms(coupon, (n) => `₹${n}`)).toBe('15% off orders of ₹999 or more, up to ₹400, first order only');
  });
});
