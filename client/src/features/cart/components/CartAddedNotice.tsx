import { useEffect, type ReactNode } from 'react';
import { useLocation } from '../../../lib/router';
import { Link } from '../../../components/Link';
import { useAppDispatch, useAppSelector } from '../../../app/hooks';
import { CheckIcon, CloseIcon } from '../../../components/icons';
import { paths } from '../../../lib/paths';
import { cartNoticeDismissed, selectCartDrawerOpen, selectCartNotice, type CartNotice } from '../cartSlice';
import styles from './CartAddedNotice.module.css';

/** SPEC §2/§9: the green banner shows for 6 s after adding. */
export const cartNoticeDurationMs = 6000;

/** The cart page a notice's View Cart opens: the server cart's, or the guest cart's. */
export function noticeCartPath(notice: Pick<CartNotice, 'signedIn'>): string {
  return notice.signedIn ? paths.cart : paths.guestCart;
}

/** The green 'Item added to your cart' strip; the cart drawer shows it too, without its own links. */
export function CartNoticeBanner({ notice, children }: { notice: CartNotice; children?: ReactNode }) {
  return (
    <div className={styles.notice} key={notice.key} data-testid="cart-added-notice">
      <CheckIcon size={20} />
      <p className={styles.text}>
        <strong>Item added to your cart</strong>
        <span className={styles.detail}>
          {notice.productName} · Size {notice.size}
        </span>
      </p>
      {children}
    </div>
  );
}

/**
 * The green 'Item added to your cart' banner with a View Cart link, shown for 6 s after each add
 * (guest or signed in). While the cart drawer is open the drawer shows it instead; on a cart page
 * (the drawer's View Cart) it has nothing left to say and goes. The shell mounts it (lazily)
 * inside its live region while there is a notice.
 */
export function CartAddedNotice() {
  const dispatch = useAppDispatch();
  const notice = useAppSelector(selectCartNotice);
  const drawerOpen = useAppSelector(selectCartDrawerOpen);
  const { pathname } = useLocation();
  const onCartPage = pathname === paths.cart || pathname === paths.guestCart;

  useEffect(() => {
    if (notice && onCartPage && !drawerOpen) dispatch(cartNoticeDismissed());
  }, [notice, onCartPage, drawerOpen, dispatch]);

  useEffect(() => {
    if (!notice) return;
    const timer = window.setTimeout(() => dispatch(cartNoticeDismissed()), cartNoticeDurationMs);
    return () => window.clearTimeout(timer);
  }, [notice, dispatch]);

  return (
    <div className={styles.region}>
      {notice && !drawerOpen && !onCartPage && (
        <CartNoticeBanner notice={notice}>
          <Link to={noticeCartPath(notice)} className={styles.link} onClick={() => dispatch(cartNoticeDismissed())}>
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
        </CartNoticeBanner>
      )}
    </div>
  );
}
