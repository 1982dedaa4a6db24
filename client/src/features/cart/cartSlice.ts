// The one owner of the cart's client state. Guests' lines live in local storage (guestCart.ts)
// and load at start; cartListener.ts saves every change. A signed-in shopper's cart is the
// server's (api.ts, in the RTK Query cache); this slice only counts it for the header badge,
// without loading the cart calls. The 'Item added to your cart' notice and the cart drawer
// belong to both.
import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import { loadGuestCart, mergeGuestLine } from './guestCart';
import type { CartLine, ServerCart } from './types';

/** The 'Item added to your cart' banner: a new key each time, so adding again restarts its 6 s. */
export interface CartNotice {
  key: number;
  productName: string;
  size: string;
  /** The line went to the server cart (View Cart goes to /cart), else to the guest cart (/guestcart). */
  signedIn: boolean;
}

export interface CartState {
  lines: CartLine[];
  notice: CartNotice | null;
  /** The slide-in cart drawer, opened after each add. */
  drawerOpen: boolean;
}

/**
 * The RTK Query cache key of the server cart. api.ts pins getCartDetails to it (its only
 * argument is void), so the header can read the count without importing the cart calls.
 */
export const serverCartCacheKey = 'getCartDetails';

function noticeFor(previous: CartNotice | null, line: { productName: string; size: string }, signedIn: boolean): CartNotice {
  return { key: (previous?.key ?? 0) + 1, productName: line.productName, size: line.size, signedIn };
}

export const cartSlice = createSlice({
  name: 'cart',
  initialState: (): CartState => ({ lines: loadGuestCart(), notice: null, drawerOpen: false }),
  reducers: {
    /** A guest added one unit: merged into the guest cart, the notice shows and the drawer opens. */
    addedToCart(state, action: PayloadAction<CartLine>) {
      state.lines = mergeGuestLine(state.lines, action.payload);
      state.notice = noticeFor(state.notice, action.payload, false);
      state.drawerOpen = true;
    },
    /** The server took a signed-in shopper's line: the same notice and drawer. */
    addedToServerCart(state, action: PayloadAction<{ productName: string; size: string }>) {
      state.notice = noticeFor(state.notice, action.payload, true);
      state.drawerOpen = true;
    },
    /** The guest cart's lines after a change on a cart screen (lineEdits.ts). */
    guestCartChanged(state, action: PayloadAction<CartLine[]>) {
      state.lines = action.payload;
    },
    cartNoticeDismissed(state) {
      state.notice = null;
    },
    cartDrawerClosed(state) {
      state.drawerOpen = false;
    },
    /** Empties the guest cart; the listener then removes the stored guest cart (SPEC §4 Logout, Clear). */
    cartCleared(state) {
      state.lines = [];
      state.notice = null;
    },
  },
  selectors: {
    selectCartLines: (state) => state.lines,
    selectCartItemCount: (state) => state.lines.reduce((count, line) => count + line.quantity, 0),
    selectCartNotice: (state) => state.notice,
    selectCartDrawerOpen: (state) => state.drawerOpen,
  },
});

export const {
  addedToCart,
  addedToServerCart,
  guestCartChanged,
  cartNoticeDismissed,
  cartDrawerClosed,
  cartCleared,
} = cartSlice.actions;
export const { selectCartLines, selectCartItemCount, selectCartNotice, selectCartDrawerOpen } = cartSlice.selectors;

type WithApiCache = { api: { queries: Record<string, { data?: unknown } | undefined> } };

/** The units in the cached server cart, or null before it has loaded. */
export function selectServerCartCount(state: WithApiCache): number | null {
  const cart = state.api.queries[serverCartCacheKey]?.data as ServerCart | undefined;
  return cart ? cart.summary.totalItems : null;
}
