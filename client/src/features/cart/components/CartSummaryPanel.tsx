import { useId, type ReactNode } from 'react';
import { Button } from '../../../components/Button';
import { formatRupees } from '../../../lib/money';
import type { CartSummary } from '../types';
import styles from './CartSummaryPanel.module.css';

export const blockedMessage = 'Some pieces are no longer in stock in the quantity you chose. Lower the quantity or remove them to continue.';

/**
 * The Order Summary beside the cart (SPEC §2): Subtotal, Total Items, Final Amount and Make
 * Payment. Make Payment is disabled while a line is sold out or short.
 */
export function CartSummaryPanel({
  summary,
  title = 'Order Summary',
  onMakePayment,
  children,
}: {
  summary: CartSummary;
  title?: string;
  onMakePayment: () => void;
  /** A note under the button. */
  children?: ReactNode;
}) {
  const titleId = useId();
  const blockedId = useId();
  return (
    <section className={styles.summary} aria-labelledby={titleId}>
      <h2 id={titleId} className={styles.title}>
        {title}
      </h2>
      <dl className={styles.rows}>
        <div>
          <dt>Subtotal</dt>
          <dd>{formatRupees(summary.subtotal)}</dd>
        </div>
        <div>
          <dt>Total Items</dt>
          <dd>{summary.totalItems}</dd>
        </div>
        <div>
          <dt>Shipping</dt>
          <dd>Free</dd>
        </div>
        <div className={styles.final}>
          <dt>Final Amount</dt>
          <dd>{formatRupees(summary.finalAmount)}</dd>
        </div>
      </dl>
      {summary.blocked && (
        <p className={styles.blocked} id={blockedId}>
          {blockedMessage}
        </p>
      )}
      <Button
        className={styles.pay}
        onClick={onMakePayment}
        disabled={summary.blocked}
        aria-describedby={summary.blocked ? blockedId : undefined}
      >
        Make Payment
      </Button>
      {children && <div className={styles.note}>{children}</div>}
    </section>
  );
}
