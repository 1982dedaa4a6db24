// Where a cash-on-delivery shopper's return refund goes: a UPI id or a bank account, checked
// here as the server checks it (POST /api/orders/{orderId}/returns, payout), so a slip is shown
// before sending. The server stores it encrypted and only ever answers it masked.

export type PayoutMethod = 'upi' | 'bank';

/** The payout part of the return form. */
export interface PayoutChoice {
  method: PayoutMethod;
  upi: string;
  ifsc: string;
  account: string;
}

export const emptyPayout: PayoutChoice = { method: 'upi', upi: '', ifsc: '', account: '' };

const upiId = /^[a-zA-Z0-9][a-zA-Z0-9._-]{1,255}@[a-zA-Z][a-zA-Z0-9]{1,63}$/;
const ifscCode = /^[A-Z]{4}0[A-Z0-9]{6}$/;
const bankAccount = /^[0-9]{9,18}$/;

/** The body's payout for choice, tidied as the server tidies it. */
export function payoutBody(choice: PayoutChoice): { upi: string } | { ifsc: string; account: string } {
  if (choice.method === 'upi') return { upi: choice.upi.trim() };
  return { ifsc: choice.ifsc.trim().toUpperCase(), account: choice.account.replace(/\s+/g, '') };
}

/** What is wrong with choice, by the server's field names ({} when nothing). */
export function payoutProblems(choice: PayoutChoice): Record<string, string> {
  const body = payoutBody(choice);
  if ('upi' in body) {
    if (!body.upi) return { 'payout.upi': 'Enter the UPI id to refund to' };
    return upiId.test(body.upi) ? {} : { 'payout.upi': 'Enter a UPI id such as name@okhdfcbank' };
  }
  const problems: Record<string, string> = {};
  if (!ifscCode.test(body.ifsc)) problems['payout.ifsc'] = "Enter the branch's 11-character IFSC, such as HDFC0001234";
  if (!bankAccount.test(body.account)) problems['payout.account'] = 'Enter the account number: 9 to 18 digits';
  return problems;
}
