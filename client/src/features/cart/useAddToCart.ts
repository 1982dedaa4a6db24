import { useCallback } from 'react';
import { useAppDispatch } from '../../app/hooks';
import { authToken } from '../../lib/api';
import { addedToCart } from './cartSlice';
import { cartLineFor } from './guestCart';
import type { CartProduct } from './types';

/**
 * Adds one unit of a product in a size to the cart and shows 'Item added to your cart' with the
 * cart drawer. With a token (SPEC §4) the line goes to the server cart, whose code loads on the
 * first such add; a guest's line merges into the guest cart. Resolves to whether it was added.
 */
export function useAddToCart() {
  const dispatch = useAppDispatch();
  return useCallback(
    async (product: CartProduct, size: string): Promise<boolean> => {
      if (!authToken()) {
        dispatch(addedToCart(cartLineFor(product, size)));
        return true;
      }
      const { addToServerCart } = await import('./serverAdd');
      return dispatch(addToServerCart(product, size));
    },
    [dispatch],
  );
}
