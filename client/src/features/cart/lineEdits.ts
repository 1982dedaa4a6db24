// Changing the guest cart's lines from the cart screens (loaded with them, not with the first page).
import type { CartLine } from './types';

/** SPEC §4: a line's quantity never goes below 1; the server allows at most 10 of one size per order. */
export const minLineQuantity = 1;
export const maxLineQuantity = 10;

/** The lines with the line of `id` and `size` at `quantity` (kept within 1–10); its total is the final amount per unit. */
export function setGuestQuantity(lines: readonly CartLine[], id: string, size: string, quantity: number): CartLine[] {
  const wanted = Math.min(maxLineQuantity, Math.max(minLineQuantity, Math.trunc(quantity)));
  return lines.map((line) =>
    line.id === id && line.size === size ? { ...line, quantity: wanted, total: line.finalAmount * wanted } : line,
  );
}

/** SPEC §4: removing filters by product id and size. */
export function removeGuestLine(lines: readonly CartLine[], id: string, size: string): CartLine[] {
  return lines.filter((line) => !(line.id === id && line.size === size));
}
