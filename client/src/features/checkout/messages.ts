// What checkout says (SPEC §5 and §8, and the contract's messages), in one place so the dialog
// and its tests never disagree.

export const checkoutMessages = {
  emptyCart: 'Your cart is empty.',
  noCompany: 'Company details not added',
  noAddresses: 'Please add a shipping address.',
  noAddressSelected: 'Please select a shipping address.',
  selectCoupon: 'Please Select a coupon',
  couponRemoved: 'Coupon removed',
  orderPlaced: 'Order placed successfully!',
  thankYou: 'Thank you for purchasing.',
  scriptFailed: 'Something went wrong',
  paymentNotCompleted: 'Payment was not completed. The order was cancelled.',
  paymentFailed: 'The payment did not go through.',
  fallback: 'Something went wrong',
} as const;

/** 'Congratulations, you got 10% off!' (SPEC §8). */
export function couponAppliedMessage(percent: number): string {
  return `Congratulations, you got ${percent}% off!`;
}

/** The message of a failed call: the server's when it gave one, else `fallback`. */
export function errorMessage(error: unknown, fallback: string = checkoutMessages.fallback): string {
  const message = (error as { message?: unknown } | null)?.message;
  return typeof message === 'string' && message ? message : fallback;
}

/** The HTTP status of a failed call, or the transport failure ('FETCH_ERROR', 'TIMEOUT_ERROR'). */
export function errorStatus(error: unknown): number | string | undefined {
  const status = (error as { status?: unknown } | null)?.status;
  return typeof status === 'number' || typeof status === 'string' ? status : undefined;
}

/**
 * True when the server answered with a refusal (4xx): the attempt is over and the next one is a
 * new attempt. A lost connection, a timeout or a 5xx leave it open: the request may have been
 * done, and only the same Idempotency-Key can safely ask again.
 */
export function isSettledRefusal(error: unknown): boolean {
  const status = errorStatus(error);
  return typeof status === 'number' && status >= 400 && status < 500;
}
