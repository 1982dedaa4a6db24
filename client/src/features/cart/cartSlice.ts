// The one owner of cart state. Guests' lines live in local storage (guestCart.ts) and load at
// start; cartListener.ts saves every change. Signed-in server carts join in the cart issue.
import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import { loadGuestCart, mergeGuestLine } from './guestCart';
import type { CartLine } from './types';

/** The 'Item added to your cart' banner: a new key each time, so adding again restarts its 6 s. */
export interface CartNotice {
  key: number;
  productName: string;
  size: string;
}

export interface CartState {
  lines: CartLine[];
  notice: CartNotice | null;
}

export const cartSlice = createSlice({
  name: 'cart',
  initialState: (): CartState => ({ lines: loadGuestCart(), notice: null }),
  reducers: {
    addedToCart(state, action: PayloadAction<CartLine>) {
      state.lines = mergeGuestLine(state.lines, action.payload);
      state.notice = {
        key: (state.notice?.key ?? 0) + 1,
        productName: action.payload.productName,
        size: action.payload.size,
      };
    },
    cartNoticeDismissed(state) {
      state.notice = null;
    },
    /** Empties the cart; the listener then removes the stored guest cart (SPEC §4 Logout, Clear). */
    cartCleared(state) {
      state.lines = [];
      state.notice = null;
    },
  },
  selectors: {
    selectCartLines: (state) => state.lines,
    selectCartItemCount: (state) => state.lines.reduce((count, line) => count + line.quantity, 0),
    selectCartNotice: (state) => state.notice,
  },
});

export const { addedToCart, cartNoticeDismissed, cartCleared } = cartSlice.actions;
export const { selectCartLines, selectCartItemCount, selectCartNotice } = cartSlice.selectors;
