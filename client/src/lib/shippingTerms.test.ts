import { afterEach, describe, expect, it } from 'vitest';
import { pageFees, shippingDetail, shippingPromise } from './shippingTerms';

function pageWith(company: unknown) {
  const meta = document.createElement('meta');
  meta.name = 'drape-company';
  meta.content = JSON.stringify(company);
  document.head.append(meta);
}

afterEach(() => document.head.querySelectorAll('meta[name="drape-company"]').forEach((meta) => meta.remove()));

describe('shipping terms', () => {
  it('promises free shipping when the shop charges none', () => {
    pageWith({ companyName: 'Jaipur Fabrics', fees: { freeShippingAbove: 0, shippingFee: 0, codFee: 0 } });
    expect(shippingPromise()).toBe('Free shipping across India');
    expect(shippingDetail()).toBe('On every order, with no minimum spend.');
  });

  it('names the amount and the fee when the shop charges below an amount', () => {
    pageWith({ fees: { freeShippingAbove: 1999, shippingFee: 99, codFee: 49 } });
    expect(pageFees()).toEqual({ freeShippingAbove: 1999, shippingFee: 99, codFee: 49 });
    expect(shippingPromise()).toBe('Free shipping over ₹1,999');
    expect(shippingDetail()).toBe('A flat ₹99 below that, anywhere in India.');
  });

  it('reads a page without a company, or with nonsense fees, as free', () => {
    expect(shippingPromise()).toBe('Free shipping across India');
    pageWith({ fees: { freeShippingAbove: '1999', shippingFee: -5 } });
    expect(pageFees()).toEqual({ freeShippingAbove: 0, shippingFee: 0, codFee: 0 });
  });
});
