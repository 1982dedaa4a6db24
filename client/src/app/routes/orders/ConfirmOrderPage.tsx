// /confirm-order/{token}: the link mailed with a cash-on-delivery order while the shop asks for
// a confirmation before dispatch. It shows the order and lets the shopper confirm it (its
// shipment goes to the courier then) or cancel it. A link used twice says the order is
// already confirmed; one used after the order's hours says it was cancelled.
import { useLocation } from '../../../lib/router';
import { Button, ButtonLink } from '../../../components/Button';
import { FormAlert } from '../../../components/Form';
import { StateMessage } from '../../../components/StateMessage';
import { useCancelCodOrderMutation, useConfirmCodOrderMutation, useGetCodConfirmationQuery } from '../../../features/orders/api';
import { OrderItems } from '../../../features/orders/components/OrderItems';
import { StatusBadge } from '../../../features/orders/components/StatusBadge';
import { formatDate } from '../../../features/orders/status';
import type { Order } from '../../../features/orders/types';
import { formatRupees } from '../../../lib/money';
import { trackOrderPath } from '../../../lib/orderPaths';
import styles from './OrderPages.module.css';

/** The token in /confirm-order/{token}. */
export function confirmToken(pathname: string): string {
  return /^\/confirm-order\/([^/]+)\/?$/i.exec(pathname)?.[1] ?? '';
}

/** What the page says about where the order's confirmation is. */
export function confirmationNote(order: Order): { tone: 'info' | 'success' | 'error'; text: string } | null {
  const c = order.codConfirmation;
  if (order.orderStatus === 'CANCELED') {
    return c?.state === 'expired'
      ? { tone: 'error', text: `Order ${order.orderId} was not confirmed in time and has been cancelled.` }
      : { tone: 'error', text: `Order ${order.orderId} has been cancelled.` };
  }
  if (!c || c.state === 'confirmed') return { tone: 'success', text: `Order ${order.orderId} is confirmed: it will be on its way soon.` };
  return null;
}

export function ConfirmOrderPage() {
  const token = confirmToken(useLocation().pathname);
  const { data: order, isLoading, isError, error } = useGetCodConfirmationQuery(token, { skip: !token });
  const [confirm, confirming] = useConfirmCodOrderMutation();
  const [cancel, cancelling] = useCancelCodOrderMutation();

  if (isLoading) {
    return (
      <section className={styles.page} role="status" aria-label="Loading your order">
        <div className={styles.skeletonTitle} />
        <div className={styles.skeletonBlock} />
      </section>
    );
  }
  if (!token || isError || !order) {
    return (
      <section className={styles.page}>
        <StateMessage
          headingLevel={1}
          tone="error"
          title="This link does not work"
          detail={(error as { message?: string } | undefined)?.message || 'Please check the link in your mail.'}
        />
      </section>
    );
  }

  const answered = confirming.data ?? cancelling.data;
  const shown = answered?.order ?? order;
  const failure = (confirming.error ?? cancelling.error) as { message?: string } | undefined;
  const note = confirmationNote(shown);
  const waiting = shown.orderStatus === 'PENDING' && shown.codConfirmation?.state === 'awaiting';
  const busy = confirming.isLoading || cancelling.isLoading;
  const due = shown.codConfirmation?.due ? formatDate(shown.codConfirmation.due, true) : '';

  return (
    <section className={styles.page} aria-labelledby="confirm-title">
      <title>{`Confirm order ${shown.orderId} — drape`}</title>
      <header className={styles.header}>
        <p className={styles.eyebrow}>Cash on delivery</p>
        <h1 id="confirm-title" className={styles.title}>
          {waiting ? 'Please confirm your order' : 'Your order'}
        </h1>
        <p className={styles.orderLine}>
          <span className={styles.orderNo}>{shown.orderId}</span>
          <StatusBadge status={shown.orderStatus} />
        </p>
        {waiting && (
          <p className={styles.lede}>
            We send cash-on-delivery orders once you confirm them.{due && ` Unconfirmed, this order is cancelled on ${due}.`}
          </p>
        )}
      </header>
      <FormAlert tone={answered ? 'success' : note?.tone === 'success' ? 'success' : 'info'}>
        {answered?.message || (!failure && note?.text)}
      </FormAlert>
      {failure && <FormAlert>{failure.message || 'That did not work. Please try again.'}</FormAlert>}
      <dl className={styles.facts}>
        <div>
          <dt>Pay on delivery</dt>
          <dd>{formatRupees(shown.totalAmount)}</dd>
        </div>
        {shown.address && (
          <div>
            <dt>Delivering to</dt>
            <dd>
              {shown.address.firstName} {shown.address.lastName}, {shown.address.city} {shown.address.pincode}
            </dd>
          </div>
        )}
      </dl>
      <section className={styles.panel} aria-labelledby="confirm-items">
        <h2 id="confirm-items" className={styles.panelTitle}>
          In this order
        </h2>
        <OrderItems items={shown.items} />
      </section>
      {waiting ? (
        <div className={styles.confirmActions}>
          <Button disabled={busy} onClick={() => void confirm(token)}>
            Confirm order
          </Button>
          <Button variant="secondary" disabled={busy} onClick={() => void cancel(token)}>
            Cancel order
          </Button>
        </div>
      ) : (
        <div className={styles.confirmActions}>
          <ButtonLink to={trackOrderPath(shown.orderId)}>Track your order</ButtonLink>
        </div>
      )}
    </section>
  );
}
