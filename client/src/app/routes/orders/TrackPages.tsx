// Order tracking (SPEC §2): /track asks for the order number and the e-mail it was placed with
// (a signed-in owner needs only the number); /trackid?orderId=… or /trackid/{orderId} shows the
// order's journey from GET /api/track as a vertical timeline, with the parcel at the courier
// (courier, airway bill, tracking link, latest scan) once it has one. Guests' links carry ?email=.
import { useState, type FormEvent } from 'react';
import { useLocation, useNavigate, useSearchParams } from '../../../lib/router';
import { Button, ButtonLink } from '../../../components/Button';
import { Field, FormAlert, formStyles, useInvalidFocus } from '../../../components/Form';
import { StateMessage } from '../../../components/StateMessage';
import { useTrackOrderQuery } from '../../../features/orders/api';
import { OrderItems } from '../../../features/orders/components/OrderItems';
import { OrderTimeline } from '../../../features/orders/components/OrderTimeline';
import { StatusBadge } from '../../../features/orders/components/StatusBadge';
import { formatDate, paymentLabel, statusKey } from '../../../features/orders/status';
import { orderLabel } from '../../../lib/orderNumber';
import { authToken } from '../../../lib/api';
import { formatRupees } from '../../../lib/money';
import { orderPaths, trackOrderPath } from '../../../lib/orderPaths';
import styles from './OrderPages.module.css';
import { ShopperDeliveryIssue } from '../../../features/ndr/components/DeliveryIssueNotice';
import { OrderReturns } from './OrderReturns';

export const trackMessages = {
  orderIdRequired: 'Please enter your order number',
  emailRequired: 'Please enter the e-mail the order was placed with',
  emailInvalid: 'Enter a valid email address',
} as const;

function decoded(text: string): string {
  try {
    return decodeURIComponent(text);
  } catch {
    return text;
  }
}

function isSignedIn(): boolean {
  return Boolean(authToken('user'));
}

/** /track: the form. */
export function TrackPage({ initialOrderId = '', note }: { initialOrderId?: string; note?: string }) {
  const navigate = useNavigate();
  const signedIn = isSignedIn();
  const [orderId, setOrderId] = useState(initialOrderId);
  const [email, setEmail] = useState('');
  const [errors, setErrors] = useState<{ orderId?: string; email?: string }>({});
  const { form, focusInvalid } = useInvalidFocus();

  function submit(event: FormEvent) {
    event.preventDefault();
    const id = orderId.trim();
    const mail = email.trim();
    const problems = {
      ...(!id ? { orderId: trackMessages.orderIdRequired } : {}),
      ...(!mail && !signedIn ? { email: trackMessages.emailRequired } : {}),
      ...(mail && !/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(mail) ? { email: trackMessages.emailInvalid } : {}),
    };
    setErrors(problems);
    if (Object.keys(problems).length > 0) {
      focusInvalid();
      return;
    }
    void navigate(trackOrderPath(id, mail || undefined));
  }

  return (
    <section className={styles.page} aria-labelledby="track-title">
      <title>Track your order — drape</title>
      <header className={styles.header}>
        <p className={styles.eyebrow}>Track order</p>
        <h1 id="track-title" className={styles.title}>
          Where is my order?
        </h1>
        <p className={styles.lede}>
          {signedIn
            ? 'Enter the order number from your confirmation e-mail or your orders page.'
            : 'Enter the order number from your confirmation e-mail and the e-mail address you ordered with.'}
        </p>
      </header>
      <form ref={form} className={`${formStyles.form} ${styles.trackForm}`} onSubmit={submit} noValidate aria-label="Track an order">
        <FormAlert tone="info">{note}</FormAlert>
        <Field
          label="Order number"
          name="orderId"
          autoComplete="off"
          spellCheck={false}
          placeholder="e.g. DRP1732251234567AB12CD34EF"
          value={orderId}
          error={errors.orderId}
          onChange={(event) => setOrderId(event.target.value)}
        />
        <Field
          label="Email"
          name="email"
          type="email"
          autoComplete="email"
          optional={signedIn}
          hint={signedIn ? 'Not needed for your own orders while you are signed in.' : undefined}
          value={email}
          error={errors.email}
          onChange={(event) => setEmail(event.target.value)}
        />
        <div className={formStyles.actions}>
          <Button type="submit">Track order</Button>
        </div>
      </form>
    </section>
  );
}

/** /trackid?orderId=… and /trackid/{orderId}: the order's timeline (the form when something is missing). */
export function TrackOrderPage() {
  // The router matches /trackid/*: the rest of the path is the order id (none for /trackid itself).
  const { pathname } = useLocation();
  const [search] = useSearchParams();
  const fromPath = /^\/trackid\/([^/]+)\/?$/i.exec(pathname)?.[1];
  const orderId = (fromPath ? decoded(fromPath) : search.get('orderId') || '').trim();
  const email = (search.get('email') ?? '').trim();
  if (!orderId) return <TrackPage />;
  if (!email && !isSignedIn()) {
    return <TrackPage initialOrderId={orderId} note="Enter the e-mail the order was placed with to see its progress." />;
  }
  return <TrackResult orderId={orderId} email={email} />;
}

/** A guest's tracking has no user topic on the socket: it asks again this often while the tab is in view. */
export const guestTrackingPollMs = 30_000;

function TrackResult({ orderId, email }: { orderId: string; email: string }) {
  // A signed-in owner's page follows the order live: its events on the shopper's own topic
  // invalidate the 'Order' tag this query provides. A guest's link polls instead.
  const { data, isLoading, isError, error, refetch } = useTrackOrderQuery(
    { orderId, ...(email ? { email } : {}) },
    { pollingInterval: isSignedIn() ? 0 : guestTrackingPollMs, skipPollingIfUnfocused: true },
  );

  if (isLoading) {
    return (
      <section className={styles.page} role="status" aria-label="Loading your order">
        <div className={styles.skeletonTitle} />
        <div className={styles.skeletonBlock} />
      </section>
    );
  }
  if (isError || !data) {
    const status = (error as { status?: unknown } | undefined)?.status;
    return (
      <section className={styles.page}>
        {status === 404 ? (
          <StateMessage
            headingLevel={1}
            title="Order not found"
            detail="Check the order number and the e-mail address: both are in your order confirmation."
          >
            <ButtonLink to={orderPaths.track}>Try again</ButtonLink>
          </StateMessage>
        ) : (
          <StateMessage
            headingLevel={1}
            tone="error"
            title="Tracking could not be loaded"
            detail={(error as { message?: string } | undefined)?.message || 'Please check your connection and try again.'}
          >
            <Button variant="secondary" onClick={() => void refetch()}>
              Try again
            </Button>
          </StateMessage>
        )}
      </section>
    );
  }

  const payment = paymentLabel(data.paymentMode, data.paymentStatus);
  const label = orderLabel({ orderId: data.orderId || orderId, orderNumber: data.orderNumber });
  const delivered = statusKey(data.orderStatus) === 'DELIVERED';
  return (
    <section className={styles.page} aria-labelledby="track-title">
      <title>{`Order ${label} — drape`}</title>
      <header className={styles.header}>
        <p className={styles.eyebrow}>Track order</p>
        <h1 id="track-title" className={styles.title}>
          Your order {data.orderNumber ? label : ''}
        </h1>
        <p className={styles.orderLine}>
          <span className={data.orderNumber ? styles.orderRef : styles.orderNo}>{data.orderId || orderId}</span>
          <StatusBadge status={data.orderStatus} />
        </p>
      </header>
      <dl className={styles.facts}>
        <div>
          <dt>Placed on</dt>
          <dd>{formatDate(data.placedAt) || '—'}</dd>
        </div>
        {data.estimatedDelivery && !delivered && (
          <div>
            <dt>Estimated delivery</dt>
            <dd>{formatDate(data.estimatedDelivery)}</dd>
          </div>
        )}
        <div>
          <dt>Payment</dt>
          <dd>
            {payment.mode} · {payment.state}
          </dd>
        </div>
        <div>
          <dt>Amount</dt>
          <dd>{formatRupees(data.amount)}</dd>
        </div>
      </dl>
      {isSignedIn() && <ShopperDeliveryIssue orderId={data.orderId || orderId} />}
      {isSignedIn() && <OrderReturns order={{ ...data, orderId: data.orderId || orderId }} />}
      <div className={styles.trackColumns}>
        <section className={styles.panel} aria-labelledby="track-progress">
          <h2 id="track-progress" className={styles.panelTitle}>
            Progress
          </h2>
          <OrderTimeline timeline={data.timeline} orderStatus={data.orderStatus} />
        </section>
        {(data.courierName || data.awb || data.latestScan) && (
          <section className={styles.panel} aria-labelledby="track-parcel">
            <h2 id="track-parcel" className={styles.panelTitle}>
              Shipment
            </h2>
            <dl className={styles.parcel}>
              <div>
                <dt>Courier</dt>
                <dd>{data.courierName || '—'}</dd>
              </div>
              <div>
                <dt>Airway bill (AWB)</dt>
                <dd className={styles.awb}>{data.awb || '—'}</dd>
              </div>
              {data.latestScan && (
                <div className={styles.scan}>
                  <dt>Latest scan</dt>
                  <dd>
                    {data.latestScan.activity}
                    {data.latestScan.location && ` · ${data.latestScan.location}`}
                    <span className={styles.scanTime}>{formatDate(data.latestScan.at, true)}</span>
                  </dd>
                </div>
              )}
            </dl>
            {data.trackUrl && (
              <p>
                <a className={styles.trackLink} href={data.trackUrl} target="_blank" rel="noopener noreferrer">
                  Track with {data.courierName || 'the courier'}
                </a>
              </p>
            )}
          </section>
        )}
      </div>
      {data.items.length > 0 && (
        <section className={styles.panel} aria-labelledby="track-items">
          <h2 id="track-items" className={styles.panelTitle}>
            In this order
          </h2>
          <OrderItems items={data.items} />
        </section>
      )}
    </section>
  );
}
