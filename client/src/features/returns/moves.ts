// The moves staff can make on a return or exchange request where it stands, for the one set of
// staff buttons (components/StaffReturnActions) that the back office's order page and the
// returns queue's drawer both show.
import type { ReturnKind } from './types';

/** A staff move: approve, reject (with a reason), mark received, QC passed or failed (with a note), record a COD payout. */
export type StaffMove = 'approve' | 'reject' | 'receive' | 'qcPass' | 'qcFail' | 'payout';

/** What staffMoves reads of a request. */
export interface MovableRequest {
  status: string;
  kind: ReturnKind;
  refund: { method: string } | null;
}

/**
 * staffMoves lists the moves staff can make on `request` now, in the order its buttons show:
 * approve or reject a new request; mark received once it is approved (the courier's pickup
 * may still be on its way); pass or fail QC once received; record the payout of a
 * cash-on-delivery return whose QC passed (an online order's gateway refund needs nobody,
 * and an exchange's new parcel is the worker's).
 */
export function staffMoves(request: MovableRequest): StaffMove[] {
  switch (request.status) {
    case 'REQUESTED':
      return ['approve', 'reject'];
    case 'APPROVED':
    case 'PICKUP_SCHEDULED':
    case 'PICKED_UP':
      return ['receive'];
    case 'RECEIVED':
      return ['qcPass', 'qcFail'];
    case 'QC_PASSED':
      return request.kind === 'return' && request.refund?.method === 'payout' ? ['payout'] : [];
    default:
      return [];
  }
}

/** The moves that ask for words before they are sent: a rejection's reason, QC's failure, a payout's reference. */
export function asksFirst(move: StaffMove): boolean {
  return move === 'reject' || move === 'qcFail' || move === 'payout';
}
