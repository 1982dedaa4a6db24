import { useCallback, useEffect, useRef } from 'react';
import { useLocation, useNavigate } from '../../lib/router';
import { cartDrawerClosed, selectCartNotice } from '../../features/cart/cartSlice';
import { CartDrawer } from '../../features/cart/components/CartDrawer';
import { paths } from '../../lib/paths';
import { useMakePayment, useShopperCart } from '../cart';
import { useAppDispatch, useAppSelector } from '../hooks';

/**
 * The cart drawer over any storefront page, for whichever cart is active. Checkout goes to
 * /checkout for a signed-in shopper; a guest is asked to sign in.
 */
export function CartDrawerHost() {
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const cart = useShopperCart();
  const notice = useAppSelector(selectCartNotice);
  const makePayment = useMakePayment();
  const close = useCallback(() => dispatch(cartDrawerClosed()), [dispatch]);

  // Going to another page (a link in the drawer, Back) closes it.
  const { pathname } = useLocation();
  const openedOn = useRef(pathname);
  useEffect(() => {
    if (pathname !== openedOn.current) close();
  }, [pathname, close]);

  return (
    <CartDrawer
      cart={cart}
      notice={notice}
      cartPath={cart.signedIn ? paths.cart : paths.guestCart}
      onClose={close}
      onCheckout={() => {
        if (cart.lines.length === 0) {
          makePayment(cart, () => {});
          return;
        }
        close();
        makePayment(cart, () => void navigate(paths.checkout));
      }}
    />
  );
}
