// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { staffMoves } from './moves';

const request = (status: string, kind: 'return' | 'exchange' = 'return', method = '') => ({ status, kind, refund: method ? { method } : null });

describe("staff's moves on a return request", () => {
  it('offers each status its moves, in the order the buttons show', () => {
    expect(staffMoves(request('REQUESTED'))).toEqual(['approve', 'reject']);
    expect(staffMoves(request('APPROVED', 'exchange'))).toEqual(['receive']);
    expect(staffMoves(request('PICKUP_SCHEDULED'))).toEqual(['receive']);
    expect(staffMoves(request('PICKED_UP', 'exchange'))).toEqual(['receive']);
    expect(staffMoves(request('RECEIVED'))).toEqual(['qcPass', 'qcFail']);
  });

  it("asks staff for a payout only of a cash-on-delivery return whose QC passed; an exchange's parcel and a gateway refund need nobody", () => {
    expect(staffMoves(request('QC_PASSED', 'return', 'payout'))).toEqual(['payout']);
    expect(staffMoves(request('QC_PASSED', 'return', 'razorpay'))).toEqual([]);
    expect(staffMoves(request('QC_PASSED', 'exchange'))).toEqual([]);
  });

  it('offers nothing once a request is done', () => {
    for (const status of ['REJECTED', 'QC_FAILED', 'REFUNDED', 'EXCHANGED', 'CLOSED', 'CANCELLED']) expect(staffMoves(request(status, 'return', 'payout'))).toEqual([]);
  });
});
