// One order in the history: id, date, status, payment, its pieces, the total, and the ways on:
// Track, Download invoice once its tax invoice is issued (and each credit note against it), and
// Cancel while the server says it can be.
import { Button, ButtonLink } from '../../../components/Button';
import { formatRupees } from '../../../lib/money';
import { trackOrderPath } from '../../../lib/orderPaths';
import { orderPlacedOn, paymentLabel } from '../status';
import type { Order } from '../types';
import { CreditNotes } from './CreditNotes';
import { InvoiceLink } from './InvoiceLink';
import { OrderItems } from './OrderItems';
import { StatusBadge } from './StatusBadge';
import styles from './Orders.module.css';
import { orderLabel } from '../../../lib/orderNumber';

export function OrderCard({
  order,
  onCancel,
  cancelling,
  returnHref,
}: {
  order: Order;
  onCancel: (order: Order) => void;
  cancelling?: boolean;
  /** Where "Return or exchange" leads, on a delivered order inside the return policy's window. */
  returnHref?: string;
}) {
  const payment = paymentLabel(order.paymentMode, order.paymentStatus);
  const headingId = `order-${order.orderId}`;
  const refId = `${headingId}-ref`;
  // Named by the short number and the long one, the reference support and links use.
  return (
    <article className={styles.card} aria-labelledby={order.orderNumber ? `${headingId} ${refId}` : headingId}>
      <header className={styles.cardHeader}>
        <div className={styles.cardWho}>
          <p className={styles.cardEyebrow}>Order</p>
          <h2 id={headingId} className={styles.orderId}>
            {orderLabel(order)}
          </h2>
          {order.orderNumber && (
            <p id={refId} className={styles.cardRef}>
              {order.orderId}
            </p>
          )}
          <p className={styles.cardMeta}>Placed on {orderPlacedOn(order)}</p>
        </div>
        <StatusBadge status={order.orderStatus} />
      </header>
      <p className={styles.payment}>
        <span>{payment.mode}</span>
        <span aria-hidden="true">·</span>
        <span data-state={order.paymentStatus}>{payment.state}</span>
        {order.couponCode && (
          <>
            <span aria-hidden="true">·</span>
            <span>Coupon {order.couponCode}</span>
          </>
        )}
      </p>
      <OrderItems items={order.items} label={`Items in order ${order.orderId}`} />
      {order.invoice && <CreditNotes orderId={order.orderId} invoiceNumber={order.invoice.number} notes={order.invoice.creditNotes} />}
      <footer className={styles.cardFooter}>
        <p className={styles.total}>
          <span>Total</span>
          <strong>{formatRupees(order.totalAmount)}</strong>
        </p>
        <div className={styles.actions}>
          <ButtonLink variant="secondary" to={trackOrderPath(order.orderId)} aria-label={`Track order ${order.orderId}`}>
            Track
          </ButtonLink>
          {order.invoice && <InvoiceLink orderId={order.orderId} invoiceNumber={order.invoice.number} />}
          {order.cancellable && (
            <Button variant="quiet" onClick={() => onCancel(order)} disabled={cancelling} aria-label={`Cancel order ${order.orderId}`}>
              Cancel order
            </Button>
          )}
          {returnHref && (
            <ButtonLink variant="secondary" to={returnHref} aria-label={`Return or exchange from order ${order.orderId}`}>
              Return or exchange
            </ButtonLink>
          )}
        </div>
      </footer>
    </article>
  );
}

/** A card's shape while the history loads. */
export function OrderCardSkeleton() {
  return (
    <div className={`${styles.card} ${styles.skeletonCard}`} aria-hidden="true">
      <span className={styles.skeletonLine} style={{ width: '40%' }} />
      <span className={styles.skeletonLine} style={{ width: '25%' }} />
      <span className={styles.skeletonBlock} />
    </div>
  );
}
