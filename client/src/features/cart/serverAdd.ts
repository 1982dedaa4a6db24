// Adding for a signed-in shopper: loaded on the first such add, so the cart calls stay out of the
// first page's JavaScript (useAddToCart.ts).
import type { ThunkDispatch, UnknownAction } from '@reduxjs/toolkit';
import { cartApi } from './api';
import { addedToServerCart } from './cartSlice';
import type { CartProduct } from './types';

/** Puts one unit of `product` in `size` in the server cart; on success the notice shows and the drawer opens. */
export function addToServerCart(product: CartProduct, size: string) {
  return async (dispatch: ThunkDispatch<unknown, unknown, UnknownAction>): Promise<boolean> => {
    const request = dispatch(cartApi.endpoints.addToCart.initiate({ items: { productId: product._id, size, quantity: 1 } }));
    try {
      await request.unwrap();
      dispatch(addedToServerCart({ productName: product.productName, size }));
      return true;
    } catch {
      // api.ts has told the shopper why ('Failed to add item to cart' or the server's reason).
      return false;
    } finally {
      request.reset();
    }
  };
}
