// What a return gives back, as its shopper and staff see it: the amount (what was paid for the
// pieces less the return fee), the credit note, where a COD refund goes (masked) and, once
// made, the refund's or payout's reference.
import { formatRupees } from '../../../lib/money';
import type { ReturnRefund } from '../types';
import styles from './Returns.module.css';

export function RefundSummary({ refund }: { refund: ReturnRefund }) {
  return (
    <dl className={styles.refund} data-testid="return-refund">
      {refund.method && (
        <div>
          <dt>Refund</dt>
          <dd>
            {formatRupees(refund.amount)}
            {refund.fee > 0 && (
              <>
                {' '}
                ({formatRupees(refund.credit)} paid, less the {formatRupees(refund.fee)} return fee)
              </>
            )}
          </dd>
        </div>
      )}
      {refund.payTo && (
        <div>
          <dt>Refund to</dt>
          <dd>{refund.payTo}</dd>
        </div>
      )}
      {refund.creditNote && (
        <div>
          <dt>Credit note</dt>
          <dd>{refund.creditNote}</dd>
        </div>
      )}
      {(refund.reference || refund.refundId) && (
        <div>
          <dt>Reference</dt>
          <dd>{refund.reference || refund.refundId}</dd>
        </div>
      )}
    </dl>
  );
}
