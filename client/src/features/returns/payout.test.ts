// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { emptyPayout, payoutBody, payoutProblems } from './payout';

describe('payout details', () => {
  it('takes a UPI id, trimmed', () => {
    const choice = { ...emptyPayout, upi: ' meera@okaxis ' };
    expect(payoutProblems(choice)).toEqual({});
    expect(payoutBody(choice)).toEqual({ upi: 'meera@okaxis' });
  });

  it('refuses a UPI id without its bank, and an empty one', () => {
    expect(payoutProblems({ ...emptyPayout, upi: 'meera' })).toHaveProperty('payout.upi');
    expect(payoutProblems(emptyPayout)).toHaveProperty('payout.upi');
  });

  it('takes a bank account with spaces and a lower-case IFSC, as the server tidies them', () => {
    const choice = { method: 'bank' as const, upi: '', ifsc: ' hdfc0001234', account: '5010 0123 456789' };
    expect(payoutProblems(choice)).toEqual({});
    expect(payoutBody(choice)).toEqual({ ifsc: 'HDFC0001234', account: '50100123456789' });
  });

  it('names the IFSC and the account when they are wrong', () => {
    const problems = payoutProblems({ method: 'bank', upi: '', ifsc: 'HDFC1234567', account: '1234' });
    expect(Object.keys(problems).sort()).toEqual(['payout.account', 'payout.ifsc']);
  });
});
