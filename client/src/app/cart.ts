// The cart as the screens use it. The cart feature knows both carts; whether the shopper is
// signed in is the account's to say, so the app layer puts the two together (features never
// import each other).
import { useCallback } from 'react';
import { selectToken, signInOpened } from '../features/account/accountSlice';
import { useCart, type CartView } from '../features/cart/useCart';
import { loginFirstMessage, toastShown } from '../lib/toast';
import { useAppDispatch, useAppSelector } from './hooks';

/** SPEC §5: Make Payment with nothing in the cart. */
export const cartEmptyMessage = 'Cart is empty!';
/** What the sign-in popup says when a guest presses Make Payment. */
export const signInToPayNotice = 'Sign in to pay. Your cart comes with you.';

/** The server cart when a token exists, else the guest cart (SPEC §4). */
export function useShopperCart(): CartView {
  return useCart(useAppSelector(selectToken) !== null);
}

/**
 * Make Payment (SPEC §5/§6): an empty cart says 'Cart is empty!'; a guest is told 'Please login
 * first' and the sign-in popup opens; a signed-in shopper with nothing sold out goes on to
 * `checkout`. Answers whether the cart went on to checkout.
 */
export function useMakePayment() {
  const dispatch = useAppDispatch();
  return useCallback(
    (cart: Pick<CartView, 'signedIn' | 'lines' | 'summary'>, checkout: () => void): boolean => {
      if (cart.lines.length === 0) {
        dispatch(toastShown({ message: cartEmptyMessage, type: 'error' }));
        return false;
      }
      if (!cart.signedIn) {
        dispatch(toastShown({ message: loginFirstMessage, type: 'info' }));
        dispatch(signInOpened({ notice: signInToPayNotice }));
        return false;
      }
      if (cart.summary.blocked) return false;
      checkout();
      return true;
    },
    [dispatch],
  );
}
