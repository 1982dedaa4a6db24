import { useCallback } from 'react';
import { useAppDispatch } from '../../app/hooks';
import { addedToCart } from './cartSlice';
import { cartLineFor } from './guestCart';
import type { CartProduct } from './types';

/** Adds one unit of a product in a size to the cart and shows 'Item added to your cart'. */
export function useAddToCart() {
  const dispatch = useAppDispatch();
  return useCallback((product: CartProduct, size: string) => dispatch(addedToCart(cartLineFor(product, size))), [dispatch]);
}
