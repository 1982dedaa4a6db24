// The guest cart (SPEC §3): cart lines in local storage under the guest-cart key. Adding a line
// with the same product id and size merges it: quantity + 1 and total + the final amount.
import { setFirstScreenHint } from '../../lib/firstScreen';
import { readStored, writeStored } from '../../lib/storage';
import type { CartLine, CartProduct } from './types';

export const guestCartStorageKey = 'guestCart';

/** A one-unit cart line for `product` in `size`. */
export function cartLineFor(product: CartProduct, size: string): CartLine {
  return {
    id: product._id,
    productId: product._id,
    name: product.productName,
    productName: product.productName,
    size,
    quantity: 1,
    price: product.price,
    discount: product.discount,
    discountedPrice: product.discountedPrice,
    finalAmount: product.discountedPrice,
    total: product.discountedPrice,
    thumbnail: product.thumbnail,
    gender: product.gender,
    category: product.category,
  };
}

/** The lines after adding one unit of `line`: merged into the same id and size, else appended. */
export function mergeGuestLine(lines: readonly CartLine[], line: CartLine): CartLine[] {
  const index = lines.findIndex((existing) => existing.id === line.id && existing.size === line.size);
  if (index === -1) return [...lines, { ...line, quantity: 1, total: line.finalAmount }];
  return lines.map((existing, at) =>
    at === index
      ? { ...existing, quantity: existing.quantity + 1, total: existing.total + line.finalAmount }
      : existing,
  );
}

function isCartLine(value: unknown): value is CartLine {
  if (typeof value !== 'object' || value === null) return false;
  const line = value as Partial<CartLine>;
  return (
    typeof line.id === 'string' &&
    typeof line.size === 'string' &&
    typeof line.quantity === 'number' &&
    line.quantity > 0 &&
    typeof line.total === 'number'
  );
}

/** The stored guest cart; anything unreadable counts as empty. */
export function loadGuestCart(): CartLine[] {
  const stored = readStored<unknown>(guestCartStorageKey, true);
  return Array.isArray(stored) ? stored.filter(isCartLine) : [];
}

/** Stores the guest cart; an empty cart removes the key. */
export function saveGuestCart(lines: readonly CartLine[]): void {
  setFirstScreenHint('guest-cart', lines.length > 0);
  writeStored(guestCartStorageKey, lines.length > 0 ? lines : null);
}
