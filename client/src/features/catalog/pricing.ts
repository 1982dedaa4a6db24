// Display helpers for prices the server computed. The client never prices anything: it only
// decides what to show (a struck-through list price, a percent-off badge) from the numbers sent.
import type { ApiError } from '../../lib/api';
import type { Product } from './types';

/** True when the shopper pays less than the list price. */
export function isReduced(product: Pick<Product, 'price' | 'discountedPrice'>): boolean {
  return product.price > 0 && product.discountedPrice < product.price;
}

/** The whole reduction as a rounded percent ("28% off" for 1599 → 1151), or 0. */
export function percentOff(product: Pick<Product, 'price' | 'discountedPrice'>): number {
  if (!isReduced(product)) return 0;
  return Math.round((1 - product.discountedPrice / product.price) * 100);
}

/** A product nobody can buy: every size sold out. */
export function isSoldOut(product: Pick<Product, 'totalStock'>): boolean {
  return !(product.totalStock > 0);
}

/** The first sale that priced the product, if any. */
export function appliedSale(product: Pick<Product, 'sale'>) {
  return product.sale?.[0];
}

/** SPEC §8 product messages: 401, 500/404, anything else. */
export function productErrorMessage(error: unknown): string {
  const status = (error as Partial<ApiError> | undefined)?.status;
  if (status === 401) return 'Unauthorized access. Please login again.';
  if (status === 500 || status === 404) return 'Server error. Please try again later.';
  return 'Something went wrong';
}

/** Every picture of a product, thumbnail first, each once. */
export function galleryImages(product: Pick<Product, 'thumbnail' | 'images'>): string[] {
  return [...new Set([product.thumbnail, ...(product.images ?? [])].filter(Boolean))];
}
