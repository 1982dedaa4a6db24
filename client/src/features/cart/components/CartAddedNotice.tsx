import { useEffect } from 'react';
import { Link } from '../../../components/Link';
import { useAppDispatch, useAppSelector } from '../../../app/hooks';
import { CheckIcon, CloseIcon } from '../../../components/icons';
import { paths } from '../../../lib/paths';
import { cartNoticeDismissed, selectCartNotice } from '../cartSlice';
import styles from './CartAddedNotice.module.css';

/** SPEC §2/§9: the green banner shows for 6 s after adding. */
export const cartNoticeDurationMs = 6000;

/** The green 'Item added to your cart' banner with a View Cart link, shown for 6 s after each add. */
export function CartAddedNotice() {
  const dispatch = useAppDispatch();
  const notice = useAppSelector(selectCartNotice);

  useEffect(() => {
    if (!notice) return;
    const timer = window.setTimeout(() => dispatch(cartNoticeDismissed()), cartNoticeDurationMs);
    return () => window.clearTimeout(timer);
  }, [notice, dispatch]);

  return (
    <div className={styles.region} role="status" aria-live="polite">
      {notice && (
        <div className={styles.notice} key={notice.key} data-testid="cart-added-notice">
          <CheckIcon size={20} />
          <p className={styles.text}>
            <strong>Item added to your cart</strong>
            <span className={styles.detail}>
              {notice.productName} · Size {notice.size}
            </span>
          </p>
          <Link to={paths.guestCart} className={styles.link} onClick={() => dispatch(cartNoticeDismissed())}>
            View Cart
          </Link>
          <button
            type="button"
            className={styles.dismiss}
            aria-label="Dismiss"
            onClick={() => dispatch(cartNoticeDismissed())}
          >
            <CloseIcon size={18} />
          </button>
        </div>
      )}
    </div>
  );
}
