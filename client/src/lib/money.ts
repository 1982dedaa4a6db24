// Formats rupee amounts for display. Money arrives from the API as rupees (JSON numbers);
// the server computes every price, the client only formats.

const wholeRupees = new Intl.NumberFormat('en-IN', {
  style: 'currency',
  currency: 'INR',
  minimumFractionDigits: 0,
  maximumFractionDigits: 0,
});

const rupeesAndPaise = new Intl.NumberFormat('en-IN', {
  style: 'currency',
  currency: 'INR',
  minimumFractionDigits: 2,
  maximumFractionDigits: 2,
});

/**
 * formatRupees(1999) → "₹1,999"; formatRupees(149999) → "₹1,49,999"; formatRupees(1499.5) → "₹1,499.50".
 * With {paise: true} always two decimals: formatRupees(1999, {paise: true}) → "₹1,999.00" (the sale page, SPEC §9).
 */
export function formatRupees(amount: number, { paise = false }: { paise?: boolean } = {}): string {
  const format = paise || !Number.isInteger(amount) ? rupeesAndPaise : wholeRupees;
  return format.format(amount);
}
