// The shop's delivery fees as a shopper reads them: from the company this page came with
// (<meta name="drape-company">, its fees as Back office → Company → Delivery keeps them, in
// rupees), never a fixed "free shipping" that a fee set by the shop would make untrue. The server
// charges the fees (internal/pricing); these words only describe them.
import { formatRupees } from './money';

/** ShopFees is the shop's fee settings in rupees; 0 means none. */
export interface ShopFees {
  /** Orders of at least this much ship free (0: every order ships free). */
  freeShippingAbove: number;
  /** The flat shipping charge below freeShippingAbove. */
  shippingFee: number;
  /** The cash-on-delivery fee. */
  codFee: number;
}

/** pageFees is the shop's fees from the page; none when the page carries no company. */
export function pageFees(): ShopFees {
  let fees: Record<string, unknown> = {};
  try {
    fees = JSON.parse(document.querySelector('meta[name="drape-company"]')!.getAttribute('content')!).fees ?? {};
  } catch {
    // No company in the page: no fees.
  }
  const rupees = (value: unknown) => (typeof value === 'number' && Number.isFinite(value) && value > 0 ? value : 0);
  return { freeShippingAbove: rupees(fees.freeShippingAbove), shippingFee: rupees(fees.shippingFee), codFee: rupees(fees.codFee) };
}

/** shipsFree reports whether every order ships free under fees. */
export const shipsFree = (fees: ShopFees) => fees.freeShippingAbove <= 0 || fees.shippingFee <= 0;

/**
 * shippingPromise is the short line a product, the cart or the home page shows: "Free shipping
 * across India", or "Free shipping over ₹1,999" when the shop charges below an amount.
 */
export function shippingPromise(fees: ShopFees = pageFees()): string {
  return shipsFree(fees) ? 'Free shipping across India' : `Free shipping over ${formatRupees(fees.freeShippingAbove)}`;
}

/**
 * shippingDetail is the sentence under the promise: no minimum spend, or the flat fee below the
 * amount.
 */
export function shippingDetail(fees: ShopFees = pageFees()): string {
  return shipsFree(fees)
    ? 'On every order, with no minimum spend.'
    : `A flat ${formatRupees(fees.shippingFee)} below that, anywhere in India.`;
}
