// The back office's order page (/admin/orders/{id}): everything about one order on one screen —
// its items and money, every move of its timeline (who, from where, why), the customer, the
// payment at Razorpay with the gateway's events, the shipment at Shiprocket with the courier's
// reports, and the refund. The status, payment and shipment follow live; staff change the
// status or push it again from here, admins refund and confirm the refunds staff request.
import type { ReactNode } from 'react';
import { ButtonLink } from '../../../../components/Button';
import { Link } from '../../../../components/Link';
import { StateMessage } from '../../../../components/StateMessage';
import type { ApiError } from '../../../../lib/api';
import { accountPaths } from '../../../../lib/accountPaths';
import { formatRupees } from '../../../../lib/money';
import { statusLabel } from '../../status';
import { useGetAdminOrderQuery } from '../api';
import { actorLabel, atIST, refundLabel, type AdminOrderDetail } from '../detail';
import { useLiveOrder } from '../live';
import { adminPayment, awaitingConfirmation, canRefund } from '../rows';
import { AdminStatusBadge } from './AdminStatusBadge';
import { CreditNotes } from '../../components/CreditNotes';
import { InvoiceLink } from '../../components/InvoiceLink';
import { useOrderActions } from './OrderActions';
import board from './OrdersBoard.module.css';
import styles from './OrderDetail.module.css';
import { orderLabel } from '../../../../lib/orderNumber';

const rupees = (value: number) => formatRupees(value, { paise: !Number.isInteger(value) });

/** The order page for order `id` (an id or number); `refunds`: the account may refund. */
export function OrderDetail({ id, refunds }: { id: string; refunds: boolean }) {
  const { data, isLoading, isError, error, refetch, isFetching } = useGetAdminOrderQuery(id);
  useLiveOrder(id, () => void refetch());
  const actions = useOrderActions(refetch);
  const back = (
    <Link to={`${accountPaths.admin}/orders`} className={styles.back}>
      ← All orders
    </Link>
  );

  if (isLoading) {
    return (
      <div className={styles.page}>
        {back}
        <p className={styles.loading}>Loading...</p>
      </div>
    );
  }
  if (isError || !data) {
    const missing = (error as Partial<ApiError> | undefined)?.status === 404;
    return (
      <div className={styles.page}>
        {back}
        <StateMessage
          headingLevel={1}
          title={missing ? 'Order not found' : 'The order could not be loaded'}
          detail={missing ? `No order has the id or number ${id}.` : 'Check the connection and try again.'}
        >
          <ButtonLink to={`${accountPaths.admin}/orders`} variant="secondary">
            Back to the orders
          </ButtonLink>
        </StateMessage>
      </div>
    );
  }

  const { order } = data;
  const payment = adminPayment(order.paymentMode, order.paymentStatus);
  const requested = data.refund?.status === 'requested' ? data.refund : null;
  return (
    <div className={styles.page} aria-busy={isFetching || undefined}>
      <title>{`Order ${orderLabel(order)} — drape back office`}</title>
      {back}
      <header className={styles.head}>
        <div>
          <p className={styles.eyebrow}>Order · placed {atIST(order.createdAt)}</p>
          <h1 className={styles.title}>
            {orderLabel(order)}
            {order.orderNumber && <span className={styles.orderRef}> {order.orderId}</span>}
          </h1>
          <p className={styles.badges}>
            <AdminStatusBadge status={order.orderStatus} />
            {order.codConfirmation && !awaitingConfirmation(order) && (
              <span className={styles.pill} data-testid="cod-confirmation-state">
                COD {order.codConfirmation.state}
                {order.codConfirmation.by && ` by ${order.codConfirmation.by}`}
                {order.codConfirmation.at && ` · ${atIST(order.codConfirmation.at)}`}
              </span>
            )}
            <span className={styles.pill}>
              {payment.mode} ·{' '}
              <span className={board.paymentState} data-tone={payment.tone}>
                {payment.state}
              </span>
            </span>
          </p>
        </div>
        <div className={styles.actions}>
          <button
            type="button"
            className={board.action}
            onClick={() => actions.changeStatus(order)}
            disabled={order.nextStatuses.length === 0}
            title={order.nextStatuses.length === 0 ? 'This order goes no further' : undefined}
          >
            Change status
          </button>
          {data.invoice && (
            <InvoiceLink orderId={order.orderId} invoiceNumber={data.invoice.number} scope="admin" className={board.action} />
          )}
          {refunds && canRefund(order) && !requested && (
            <button type="button" className={`${board.action} ${board.refund}`} onClick={() => actions.refund(order)}>
              Refund
            </button>
          )}
        </div>
      </header>

      {awaitingConfirmation(order) && (
        <section className={styles.request} aria-labelledby="cod-confirm-title" data-testid="cod-confirmation">
          <div>
            <h2 id="cod-confirm-title" className={styles.requestTitle}>
              Awaiting confirmation
            </h2>
            <p className={styles.requestText}>
              This cash-on-delivery order goes to Shiprocket once the customer confirms it from the link in their mail, or you confirm
              it after calling them.
            </p>
            {order.codConfirmation?.due && <p className={styles.muted}>Unconfirmed, it is cancelled {atIST(order.codConfirmation.due)}.</p>}
          </div>
          <button type="button" className={board.action} onClick={() => actions.confirmCod(order)}>
            Confirm after call
          </button>
        </section>
      )}

      {requested && (
        <section className={styles.request} aria-labelledby="refund-request-title" data-testid="refund-request">
          <div>
            <h2 id="refund-request-title" className={styles.requestTitle}>
              Refund of {rupees(requested.amount)} requested
            </h2>
            <p className={styles.requestText}>
              {actorLabel(requested.requestedBy) || 'Staff'} asked for it {atIST(requested.createdAt)}
              {requested.reason ? `: ${requested.reason}` : '.'}
            </p>
            <p className={styles.muted}>
              {refunds
                ? 'Nothing has been refunded yet. Razorpay refunds the payment once you confirm.'
                : 'Nothing has been refunded yet. An admin must confirm it before Razorpay refunds the payment.'}
            </p>
          </div>
          {refunds && (
            <button type="button" className={`${board.action} ${board.refund}`} onClick={() => actions.refund(order)}>
              Confirm refund
            </button>
          )}
        </section>
      )}

      <div className={styles.columns}>
        <div className={styles.column}>
          <Section title="Items">
            <ul className={styles.items}>
              {order.items.map((item, index) => (
                <li key={`${item.productId}-${item.size}-${index}`} className={styles.item}>
                  {item.thumbnail ? <img src={item.thumbnail} alt="" width={48} height={64} loading="lazy" /> : <span className={styles.thumb} />}
                  <span>
                    <Link to={`/api/getproduct/${item.productId}`} className={styles.productLink}>
                      {item.productName || 'Product'}
                    </Link>
                    <span className={styles.muted}>
                      Size {item.size || '—'} · Qty {item.quantity} · {rupees(item.discountedPrice)} each
                    </span>
                  </span>
                  <span className={styles.figure}>{rupees(item.total || item.discountedPrice * item.quantity)}</span>
                </li>
              ))}
            </ul>
            <Money detail={data} />
          </Section>
          <Section title="Timeline">
            <ol className={styles.timeline} aria-label="Order timeline">
              {data.timeline.map((step, index) => (
                <li key={`${step.status}-${step.at}-${index}`} className={styles.step}>
                  <span className={styles.dot} aria-hidden="true" />
                  <span className={styles.stepBody}>
                    <span className={styles.stepLabel}>{step.label}</span>
                    <span className={styles.muted}>
                      {atIST(step.at)}
                      {step.actor && ` · ${step.actor}`}
                      {step.from && ` · from ${statusLabel(step.from)}`}
                    </span>
                    {step.note && <span className={styles.note}>{step.note}</span>}
                  </span>
                </li>
              ))}
            </ol>
          </Section>
        </div>

        <div className={styles.column}>
          <Section title="Customer">
            <p className={styles.strong}>{order.customer.name || '—'}</p>
            {order.customer.email && (
              <p>
                <a href={`mailto:${order.customer.email}`}>{order.customer.email}</a>
              </p>
            )}
            {order.customer.phone && <p>{order.customer.phone}</p>}
            <p className={styles.muted}>{order.customer.address || 'No address'}</p>
          </Section>

          <Section title="Payment">
            <Facts
              facts={[
                ['Mode', payment.mode],
                ['State', payment.state],
                ['Razorpay order', data.payment.gatewayOrderId],
                ['Payment', data.payment.paymentId],
                ['Error', data.payment.error],
              ]}
            />
            {data.paymentEvents.length > 0 && (
              <ul className={styles.events} aria-label="Razorpay events">
                {data.paymentEvents.map((event) => (
                  <li key={event.id}>
                    <code>{event.event}</code>
                    <span className={styles.muted}>{atIST(event.receivedAt)}</span>
                  </li>
                ))}
              </ul>
            )}
          </Section>

          {data.invoice && data.invoice.creditNotes.length > 0 && (
            <Section title="Credit notes">
              <CreditNotes orderId={order.orderId} invoiceNumber={data.invoice.number} notes={data.invoice.creditNotes} scope="admin" />
            </Section>
          )}

          <Section title="Shiprocket">
            {order.notaddorder && (
              <p className={board.notAdded}>
                Not Added on Shiprocket
                {order.shipment.pushError && <span className={styles.muted}>{order.shipment.pushError}</span>}
                <button
                  type="button"
                  className={board.retryPush}
                  onClick={() => void actions.pushAgain(order)}
                  disabled={actions.pushing === order._id}
                >
                  Retry push
                </button>
              </p>
            )}
            <Facts
              facts={[
                ['Shiprocket order', order.shipment.orderId ? String(order.shipment.orderId) : order.notaddorder ? '' : 'Not pushed yet'],
                ['Shipment', order.shipment.shipmentId ? String(order.shipment.shipmentId) : ''],
                ['Pushed', data.shipment.pushedAt ? atIST(data.shipment.pushedAt) : ''],
                ['Courier', order.shipment.courierName],
                ['AWB', order.shipment.awb],
              ]}
            />
            {data.shipment.trackUrl && (
              <p>
                <a href={data.shipment.trackUrl} target="_blank" rel="noreferrer">
                  Track the parcel
                </a>
              </p>
            )}
            {data.courierReports.length > 0 && (
              <ul className={styles.events} aria-label="Courier reports">
                {data.courierReports.map((report, index) => (
                  <li key={`${report.status}-${report.reportedAt}-${index}`}>
                    <span>{report.status}</span>
                    <span className={styles.muted}>
                      {atIST(report.reportedAt)}
                      {!report.applied && ' · set aside (older or out of order)'}
                    </span>
                  </li>
                ))}
              </ul>
            )}
          </Section>

          {data.refund && (
            <Section title="Refund">
              <Facts
                facts={[
                  ['State', refundLabel(data.refund.status)],
                  ['Amount', rupees(data.refund.amount)],
                  ['Attempt', String(data.refund.attempt)],
                  ['Reason', data.refund.reason],
                  ['Asked by', actorLabel(data.refund.requestedBy)],
                  ['Razorpay refund', data.refund.gatewayRefundId],
                  ['Failure', data.refund.failure],
                  ['Asked', atIST(data.refund.createdAt)],
                ]}
              />
            </Section>
          )}
          {data.cancelReason && (
            <Section title="Cancellation">
              <p>{data.cancelReason}</p>
            </Section>
          )}
        </div>
      </div>
      {actions.dialogs}
    </div>
  );
}

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section className={styles.section} aria-label={title}>
      <h2 className={styles.sectionTitle}>{title}</h2>
      {children}
    </section>
  );
}

/** Label–value pairs; empty values are left out. */
function Facts({ facts }: { facts: [string, string][] }) {
  return (
    <dl className={styles.facts}>
      {facts
        .filter(([, value]) => value)
        .map(([label, value]) => (
          <div key={label}>
            <dt>{label}</dt>
            <dd>{value}</dd>
          </div>
        ))}
    </dl>
  );
}

function Money({ detail }: { detail: AdminOrderDetail }) {
  const { money } = detail;
  const rows: [string, string][] = [['Items at list price', rupees(money.listTotal)]];
  if (money.productDiscount) rows.push(['Sale savings', `− ${rupees(money.productDiscount)}`]);
  if (money.couponDiscount) rows.push([`Coupon ${money.couponCode}`.trim(), `− ${rupees(money.couponDiscount)}`]);
  rows.push(['Shipping', money.shipping ? rupees(money.shipping) : 'Free']);
  if (money.tax) rows.push(['Tax', rupees(money.tax)]);
  return (
    <dl className={styles.money}>
      {rows.map(([label, value]) => (
        <div key={label}>
          <dt>{label}</dt>
          <dd>{value}</dd>
        </div>
      ))}
      <div className={styles.total}>
        <dt>Total</dt>
        <dd>{rupees(money.amount)}</dd>
      </div>
    </dl>
  );
}
