import { useId } from 'react';
import { Button, ButtonLink } from '../../../components/Button';
import { Dialog } from '../../../components/Dialog';
import { Spinner } from '../../../components/Spinner';
import { formatRupees } from '../../../lib/money';
import { shippingPromise } from '../../../lib/shippingTerms';
import type { CartNotice } from '../cartSlice';
import { lineKey } from '../summary';
import type { CartView } from '../useCart';
import { CartNoticeBanner } from './CartAddedNotice';
import { CartLineItem } from './CartLineItem';
import { blockedMessage } from './CartSummaryPanel';
import styles from './CartDrawer.module.css';

/**
 * The cart drawer (SPEC §2): slides in from the right after adding (full width under 640 px, 40 %
 * above). The lines with their steppers and Remove, the subtotal, View Cart and Checkout. Focus
 * stays inside; Esc, the backdrop or the close button close it.
 */
export function CartDrawer({
  cart,
  notice,
  cartPath,
  onClose,
  onCheckout,
}: {
  cart: CartView;
  notice: CartNotice | null;
  /** Where View Cart goes: /cart, or /guestcart for a guest. */
  cartPath: string;
  onClose: () => void;
  onCheckout: () => void;
}) {
  const titleId = useId();
  const { lines, summary } = cart;
  return (
    <Dialog labelledBy={titleId} onClose={onClose} variant="drawer" closeLabel="Close cart">
      <div className={styles.layout}>
        <header className={styles.header}>
          <h2 id={titleId} className={styles.title}>
            Your cart
          </h2>
          <p className={styles.count}>
            {summary.totalItems} {summary.totalItems === 1 ? 'item' : 'items'}
          </p>
        </header>
        <div role="status" aria-live="polite" className={styles.notice}>
          {notice && <CartNoticeBanner notice={notice} />}
        </div>

        <div className={styles.body}>
          {cart.loading ? (
            <p className={styles.message}>
              <Spinner size={18} /> Loading your cart
            </p>
          ) : cart.failed ? (
            <div className={styles.message}>
              <p>Your cart could not be loaded.</p>
              <Button variant="secondary" onClick={cart.retry}>
                Try again
              </Button>
            </div>
          ) : lines.length === 0 ? (
            <p className={styles.message}>No items in the cart</p>
          ) : (
            <ul className={styles.lines} aria-label="Cart items">
              {lines.map((line) => (
                <CartLineItem key={lineKey(line)} line={line} cart={cart} variant="drawer" onNavigate={onClose} />
              ))}
            </ul>
          )}
        </div>

        <footer className={styles.footer}>
          <p className={styles.subtotal}>
            <span>Subtotal</span>
            <strong>{formatRupees(summary.subtotal)}</strong>
          </p>
          <p className={styles.hint}>
            {cart.signedIn ? `${shippingPromise()}.` : `${shippingPromise()}. Prices are confirmed when you sign in.`}
          </p>
          {summary.blocked && <p className={styles.blocked}>{blockedMessage}</p>}
          <div className={styles.actions}>
            <ButtonLink to={cartPath} variant="secondary" onClick={onClose}>
              View Cart
            </ButtonLink>
            <Button onClick={onCheckout} disabled={summary.blocked}>
              Checkout
            </Button>
          </div>
        </footer>
      </div>
    </Dialog>
  );
}
