// After an order (SPEC §2): /thankyou, the placed order's status page — 'Thank-you', its number,
// when it arrives (the delivery check's date for its pincode), what happens next (a COD order
// waiting for its confirmation says so), its pieces with pictures, the total and its parts as the
// server charged them, the address and the payment, with 'Check your order' (and, for a business
// purchase, the business its tax invoice will name) — and the generic /thankyoupage that returns
// to the home page after 3 s (SPEC §9).
//
// SPEC §2 also puts a third-party ad-tracking snippet on the thank-you page. It is left out on
// purpose: it would send shoppers' purchases to an outside tracker without consent and load
// third-party script on a page the shop controls. Add it here, behind consent, if the business wants it.
import { useEffect } from 'react';
import { useLocation, useNavigate } from '../../../lib/router';
import { ButtonLink } from '../../../components/Button';
import { CheckIcon } from '../../../components/icons';
import { selectToken } from '../../../features/account/accountSlice';
import { deliveryApi } from '../../../features/delivery/api';
import { useGetOrderQuery } from '../../../features/orders/api';
import { OrderItems } from '../../../features/orders/components/OrderItems';
import { formatDate, paymentLabel } from '../../../features/orders/status';
import type { Order } from '../../../features/orders/types';
import { accountPaths } from '../../../lib/accountPaths';
import { formatRupees } from '../../../lib/money';
import { orderNumber } from '../../../lib/orderNumber';
import { trackOrderPath } from '../../../lib/orderPaths';
import { paths } from '../../../lib/paths';
import { useAppSelector } from '../../hooks';
import styles from './OrderPages.module.css';

/** SPEC §9: the generic thanks returns to / after 3 s. */
export const thanksRedirectMs = 3000;

export function ThankYouPage() {
  const state = useLocation().state as { orderId?: unknown; businessGstin?: unknown; businessName?: unknown } | null;
  const orderId = typeof state?.orderId === 'string' ? state.orderId : '';
  const businessGstin = typeof state?.businessGstin === 'string' ? state.businessGstin : '';
  const businessName = typeof state?.businessName === 'string' ? state.businessName : '';
  const signedIn = useAppSelector(selectToken) !== null;
  const { currentData: order, isLoading } = useGetOrderQuery(orderId, { skip: !orderId || !signedIn });
  return (
    <section className={styles.status} aria-labelledby="thanks-title">
      <title>Thank you — drape</title>
      <header className={styles.statusHead}>
        <span className={styles.sealSmall} aria-hidden="true">
          <CheckIcon size={22} />
        </span>
        <div className={styles.statusHeadText}>
          <h1 id="thanks-title" className={styles.statusTitle}>
            Thank-you
          </h1>
          <p className={styles.statusLede}>Your order has been placed successfully. We&apos;ll keep you updated!</p>
        </div>
        {orderId && (
          <p className={styles.orderNumber}>
            Order number <strong>{orderNumber(order ?? { orderId })}</strong>
          </p>
        )}
      </header>
      {businessGstin && (
        <p className={styles.statusNote}>
          Its GST invoice will be made out to <strong>{businessName}</strong> (GSTIN {businessGstin}) when it ships.
        </p>
      )}
      {order ? <OrderStatus order={order} /> : isLoading && <div className={styles.skeletonBlock} role="status" aria-label="Loading your order" />}
      <div className={styles.statusActions}>
        <ButtonLink to={accountPaths.userOrders}>Check your order</ButtonLink>
        {orderId ? (
          <ButtonLink variant="secondary" to={trackOrderPath(orderId)}>
            Track this order
          </ButtonLink>
        ) : (
          <ButtonLink variant="secondary" to={paths.shop}>
            Continue shopping
          </ButtonLink>
        )}
      </div>
    </section>
  );
}

/** The placed order: when it comes and what happens next, then its pieces, money, address and payment. */
function OrderStatus({ order }: { order: Order }) {
  const payment = paymentLabel(order.paymentMode, order.paymentStatus);
  const cod = order.paymentMode === 'cod';
  return (
    <div className={styles.statusGrid}>
      <section className={`${styles.panel} ${styles.nextPanel}`} aria-labelledby="order-next">
        <DeliveryEstimate pincode={order.address?.pincode ?? ''} cod={cod} />
        <p className={styles.totalLine}>
          <span>Total</span> <strong>{formatRupees(order.totalAmount)}</strong>
          <span className={styles.totalHow}>{cod ? ` · pay when it arrives` : ` · ${payment.state.toLowerCase()}`}</span>
        </p>
        <h2 id="order-next" className={styles.panelSubtitle}>
          What happens next
        </h2>
        <NextSteps order={order} />
      </section>

      <section className={`${styles.panel} ${styles.itemsPanel}`} aria-labelledby="order-items">
        <h2 id="order-items" className={styles.panelTitle}>
          Your order
        </h2>
        <OrderItems items={order.items} label={`Items in order ${orderNumber(order)}`} />
        <OrderTotals order={order} />
      </section>

      <div className={styles.sideFacts}>
        {order.address && (
          <section className={styles.panel} aria-labelledby="order-address">
            <h2 id="order-address" className={styles.panelSubtitle}>
              Delivering to
            </h2>
            <address className={styles.addressBlock}>
              <strong>
                {order.address.firstName} {order.address.lastName}
              </strong>
              <br />
              {[order.address.address1, order.address.address2, order.address.landmark && `Near ${order.address.landmark}`].filter(Boolean).join(', ')}
              <br />
              {order.address.city}, {order.address.state} {order.address.pincode}
              <br />
              +91 {order.address.phone}
            </address>
          </section>
        )}
        <section className={styles.panel} aria-labelledby="order-payment">
          <h2 id="order-payment" className={styles.panelSubtitle}>
            Payment
          </h2>
          <p className={styles.factText}>
            {payment.mode} · {payment.state}
          </p>
        </section>
      </div>
    </div>
  );
}

/** 'Arriving by Thu, 27 Nov': the delivery check's promise for the order's pincode. */
function DeliveryEstimate({ pincode, cod }: { pincode: string; cod: boolean }) {
  const { currentData: promise } = deliveryApi.endpoints.checkDelivery.useQuery(
    { pincode, cod },
    { skip: !pincode, pollingInterval: 0, refetchOnMountOrArgChange: true },
  );
  const dated = promise?.known && promise.serviceable && promise.deliveryBy;
  return (
    <p className={styles.estimate}>
      {dated ? `Arriving by ${arrivalDay.format(new Date(`${promise.deliveryBy}T00:00:00Z`))}` : `Arriving in ${deliveryDays} business days`}
    </p>
  );
}

/** 'Thu, 27 Nov' of the server's 'YYYY-MM-DD' (a day in India, read as it is). */
const arrivalDay = new Intl.DateTimeFormat('en-IN', { weekday: 'short', day: 'numeric', month: 'short', timeZone: 'UTC' });

/** SPEC §2's shipping policy: delivery in 3-7 business days. */
const deliveryDays = '3–7';

/** What the shopper can expect, in order: a COD order that waits for its confirmation says so first. */
function NextSteps({ order }: { order: Order }) {
  const awaiting = order.codConfirmation?.state === 'awaiting';
  const due = awaiting && order.codConfirmation?.due ? formatDate(order.codConfirmation.due, true) : '';
  return (
    <ol className={styles.nextSteps}>
      {awaiting && (
        <li data-now="true">
          <strong>Confirm your order.</strong> We have sent you a link by e-mail: your order is packed once you confirm it
          {due ? `, and cancelled if it is not confirmed by ${due}` : ''}.
        </li>
      )}
      <li data-now={!awaiting || undefined}>
        <strong>We pack your order</strong> within 1–2 business days.
      </li>
      <li>
        <strong>It ships:</strong> we e-mail you the courier&apos;s tracking link.
      </li>
      <li>
        <strong>It arrives</strong>
        {order.paymentMode === 'cod' ? `: pay ${formatRupees(order.totalAmount)} in cash or UPI at the door.` : '.'}
      </li>
    </ol>
  );
}

/** The order's money as the server charged it: nothing added up here. */
function OrderTotals({ order }: { order: Order }) {
  return (
    <dl className={styles.orderTotals} aria-label="Order total">
      <div>
        <dt>Subtotal</dt>
        <dd>{formatRupees(order.listTotal || order.subTotal)}</dd>
      </div>
      {order.productDiscount > 0 && (
        <div>
          <dt>Product discount</dt>
          <dd className={styles.saving}>−{formatRupees(order.productDiscount)}</dd>
        </div>
      )}
      {order.couponDiscount > 0 && (
        <div>
          <dt>Coupon{order.couponCode ? ` (${order.couponCode})` : ''}</dt>
          <dd className={styles.saving}>−{formatRupees(order.couponDiscount)}</dd>
        </div>
      )}
      <div>
        <dt>Shipping</dt>
        <dd>{order.shipping > 0 ? formatRupees(order.shipping) : 'Free'}</dd>
      </div>
      {order.codFee > 0 && (
        <div>
          <dt>Cash on delivery fee</dt>
          <dd>{formatRupees(order.codFee)}</dd>
        </div>
      )}
      {order.tax > 0 && (
        <div>
          <dt>Tax</dt>
          <dd>{formatRupees(order.tax)}</dd>
        </div>
      )}
      <div className={styles.orderGrandTotal}>
        <dt>Total</dt>
        <dd>{formatRupees(order.totalAmount)}</dd>
      </div>
    </dl>
  );
}

export function ThanksPage() {
  const navigate = useNavigate();
  useEffect(() => {
    const timer = window.setTimeout(() => void navigate(paths.home, { replace: true }), thanksRedirectMs);
    return () => window.clearTimeout(timer);
  }, [navigate]);
  return (
    <section className={styles.thanks} aria-labelledby="thanks-title">
      <title>Thanks for purchasing — drape</title>
      <span className={styles.seal} aria-hidden="true">
        <CheckIcon size={30} />
      </span>
      <h1 id="thanks-title" className={styles.thanksTitle}>
        Thanks for purchasing
      </h1>
      <p className={styles.thanksText}>We will keep you updated</p>
      <p className={styles.returning} role="status">
        Taking you back to the shop in a moment…
      </p>
      <div className={styles.thanksActions}>
        <ButtonLink variant="secondary" to={paths.home} replace>
          Go to the home page now
        </ButtonLink>
      </div>
    </section>
  );
}
