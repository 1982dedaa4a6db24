// The only sums the client makes: a guest cart's totals (the prices it stored when the lines were
// added; the server re-prices after sign-in) and the server cart's totals for the moment between
// a quantity change and the server's answer.
import type { CartLine, CartSummary } from './types';

/** Adds up line totals to the paisa (rupee amounts may carry paise). */
function addUp(amounts: number[]): number {
  return Math.round(amounts.reduce((sum, amount) => sum + amount * 100, 0)) / 100;
}

/** The summary of `lines`: their totals and units added up; blocked when a line is sold out or short. */
export function summarise(lines: readonly CartLine[]): CartSummary {
  const subtotal = addUp(lines.map((line) => line.total));
  return {
    subtotal,
    listTotal: 0,
    discount: 0,
    totalItems: lines.reduce((count, line) => count + line.quantity, 0),
    finalAmount: subtotal,
    blocked: lines.some((line) => line.soldOut === true),
  };
}

/** The key of a line on screen: the server's line id, or product and size for a guest line. */
export function lineKey(line: CartLine): string {
  return line._id ?? `${line.id}/${line.size}`;
}
