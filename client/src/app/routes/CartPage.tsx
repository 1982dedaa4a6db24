// /cart, /guestcart and /checkout (SPEC §2). /cart is a signed-in shopper's server cart; a guest there sees
// the guest cart page. /guestcart shows whichever cart is active in the guest cart's layout:
// columns Details, Quantity and Total, a checkout summary beside them and 'Products you may
// like' below. Make Payment goes to /checkout for a signed-in shopper and asks a guest to sign in.
// An empty cart shows no summary: nothing to pay for, so no ₹0 and no Make Payment.
import { lazy, Suspense, useCallback, useId, useMemo } from 'react';
import { useNavigate } from '../../lib/router';
import { Button, ButtonLink } from '../../components/Button';
import { Spinner } from '../../components/Spinner';
import { StateMessage } from '../../components/StateMessage';
import { selectToken, signInOpened } from '../../features/account/accountSlice';
import { cartMessages } from '../../features/cart/api';
import { CartLineItem } from '../../features/cart/components/CartLineItem';
import { CartSummaryPanel } from '../../features/cart/components/CartSummaryPanel';
import { lineKey } from '../../features/cart/summary';
import type { CartView } from '../../features/cart/useCart';
import { useGetProductsQuery } from '../../features/catalog/api';
import { ProductGrid, ProductGridSkeleton } from '../../features/catalog/components/ProductGrid';
import { useFirstScreenDone } from '../../lib/firstScreen';
import { paths, productListPath } from '../../lib/paths';
import { shippingPromise } from '../../lib/shippingTerms';
import { loginFirstMessage } from '../../lib/toast';
import { signInToPayNotice, useMakePayment, useShopperCart } from '../cart';
import { useAppDispatch, useAppSelector } from '../hooks';
import { useQuickView } from './catalog/useQuickView';
import { renderWishlistHeart } from './catalog/WishlistHeart';
import styles from './CartPage.module.css';

// The pincode check loads with a cart that has lines, not with the (first-screen) empty cart.
const DeliveryCheck = lazy(() => import('./DeliveryCheck').then((module) => ({ default: module.DeliveryCheck })));

// The checkout and its calls load with the /checkout page (in the cart's chunk, so the router
// names no other).
const Checkout = lazy(() => import('../../features/checkout').then((module) => ({ default: module.Checkout })));

/**
 * /checkout (SPEC §2): the checkout as a page, reached by its URL and by Make Payment. A guest is
 * asked to sign in first (SPEC §6 'Please login first'); signing in comes back here.
 */
export function CheckoutPage() {
  const dispatch = useAppDispatch();
  const signedIn = useAppSelector(selectToken) !== null;
  return (
    <>
      <title>Checkout — drape</title>
      {signedIn ? (
        <Suspense fallback={null}>
          <Checkout />
        </Suspense>
      ) : (
        <div className={styles.page}>
          <StateMessage title={loginFirstMessage} detail={signInToPayNotice} headingLevel={1}>
            <Button onClick={() => dispatch(signInOpened({ notice: signInToPayNotice }))}>Sign in</Button>
          </StateMessage>
        </div>
      )}
    </>
  );
}

/** SPEC §2: the empty cart's Shop now goes to the Flexiwaist Pant listing. */
export const shopNowPath = productListPath('Flexiwaist Pant');

/** /cart: the signed-in shopper's cart; a guest sees the guest cart page. */
export function CartPage() {
  const signedIn = useAppSelector(selectToken) !== null;
  return signedIn ? <ServerCartPage /> : <GuestCartPage />;
}

function ServerCartPage() {
  const cart = useShopperCart();
  const checkout = useCheckout(cart);
  const { lines, summary } = cart;

  return (
    <div className={styles.page}>
      <title>Your cart — drape</title>
      <PageHeading eyebrow="Shopping bag" count={summary.totalItems} />
      <ActivityMessage cart={cart} />
      {cart.loading ? null : cart.failed ? (
        <LoadFailed cart={cart} />
      ) : (
        <div className={styles.layout} data-empty={lines.length === 0 || undefined}>
          <section className={styles.lines} aria-label="Cart items">
            {lines.length === 0 ? (
              <EmptyCart />
            ) : (
              <ul className={styles.list}>
                {lines.map((line) => (
                  <CartLineItem key={lineKey(line)} line={line} cart={cart} />
                ))}
              </ul>
            )}
          </section>
          {lines.length > 0 && (
            <aside className={styles.aside}>
              <CartSummaryPanel summary={summary} onMakePayment={checkout.makePayment}>
                <p>{shippingPromise()}. Coupons can be applied at checkout.</p>
              </CartSummaryPanel>
              <CartDelivery />
            </aside>
          )}
        </div>
      )}
    </div>
  );
}

/** /guestcart (and /cart for a guest). */
export function GuestCartPage() {
  const cart = useShopperCart();
  const checkout = useCheckout(cart);
  const { lines, summary } = cart;
  // The server draws a guest's empty cart (server/firstscreen.go).
  useFirstScreenDone(!cart.loading);

  return (
    <div className={styles.page}>
      <title>Your cart — drape</title>
      <PageHeading eyebrow={cart.signedIn ? 'Shopping bag' : 'Guest cart'} count={summary.totalItems} />
      <ActivityMessage cart={cart} />
      {cart.loading ? null : cart.failed ? (
        <LoadFailed cart={cart} />
      ) : (
        <div className={styles.layout} data-empty={lines.length === 0 || undefined}>
          <section className={styles.lines} aria-label="Cart items">
            {lines.length === 0 ? (
              <EmptyCart />
            ) : (
              <>
                <div className={styles.columns} aria-hidden="true">
                  <span>Details</span>
                  <span>Quantity</span>
                  <span>Total</span>
                </div>
                <ul className={styles.list}>
                  {lines.map((line) => (
                    <CartLineItem key={lineKey(line)} line={line} cart={cart} />
                  ))}
                </ul>
              </>
            )}
          </section>
          {lines.length > 0 && (
            <aside className={styles.aside}>
              <CartSummaryPanel summary={summary} title="Checkout summary" onMakePayment={checkout.makePayment}>
                {cart.signedIn ? (
                  <p>{shippingPromise()}. Coupons can be applied at checkout.</p>
                ) : (
                  <p>You will sign in to pay; your cart comes with you and its prices are confirmed then. {shippingPromise()}.</p>
                )}
              </CartSummaryPanel>
              <CartDelivery />
            </aside>
          )}
        </div>
      )}
      <ProductsYouMayLike />
    </div>
  );
}

function PageHeading({ eyebrow, count }: { eyebrow: string; count: number }) {
  return (
    <header className={styles.header}>
      <p className={styles.eyebrow}>{eyebrow}</p>
      <h1 className={styles.title}>Your cart</h1>
      <p className={styles.count}>
        {count} {count === 1 ? 'item' : 'items'}
      </p>
    </header>
  );
}

/** 'Loading your cart' while the server cart first loads; 'Removing Item' while a line is being removed. */
function ActivityMessage({ cart }: { cart: CartView }) {
  const removing = Object.values(cart.activity).includes('removing');
  const message = cart.loading ? 'Loading your cart' : removing ? 'Removing Item' : '';
  return (
    <div className={styles.activity} role="status" aria-live="polite">
      {message && (
        <p className={cart.loading ? styles.loading : styles.working}>
          <Spinner size={18} />
          {message}
        </p>
      )}
    </div>
  );
}

function EmptyCart() {
  return (
    <StateMessage title="No items in the cart" detail="Pieces you add to your cart wait for you here.">
      <ButtonLink to={shopNowPath}>Shop now</ButtonLink>
    </StateMessage>
  );
}

function LoadFailed({ cart }: { cart: CartView }) {
  return (
    <StateMessage tone="error" title={cartMessages.fetchFailed} detail="Please check your connection and try again.">
      <Button variant="secondary" onClick={cart.retry}>
        Try again
      </Button>
    </StateMessage>
  );
}

/** Make Payment: on to /checkout (SPEC §5/§6 checks first). */
function useCheckout(cart: CartView) {
  const pay = useMakePayment();
  const navigate = useNavigate();
  const makePayment = useCallback(() => void pay(cart, () => void navigate(paths.checkout)), [pay, cart, navigate]);
  return { makePayment };
}

/** Best sellers, in reverse order, with quick view; hidden when there are none or they fail to load. */
function ProductsYouMayLike() {
  const titleId = useId();
  const { data, isLoading, isError } = useGetProductsQuery({ status: 'BestSeller' });
  const quickView = useQuickView();
  const products = useMemo(() => [...(data?.items ?? [])].reverse(), [data]);
  if (isError || (!isLoading && products.length === 0)) return null;

  return (
    <section className={styles.related} aria-labelledby={titleId}>
      <h2 id={titleId} className={styles.relatedTitle}>
        Products you may like
      </h2>
      {isLoading ? (
        <ProductGridSkeleton count={4} />
      ) : (
        <ProductGrid products={products} onQuickView={quickView.open} label="Products you may like" renderAction={renderWishlistHeart} />
      )}
      {quickView.element}
    </section>
  );
}

/** Where the cart can be delivered, and by when: the pincode check under the summary. */
function CartDelivery() {
  return (
    <Suspense fallback={null}>
      <DeliveryCheck />
    </Suspense>
  );
}
