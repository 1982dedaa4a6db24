import { watchStore, type WatchableStore } from '../../lib/watchStore';
import type { CartState } from './cartSlice';
import { saveGuestCart } from './guestCart';

/** Saves the guest cart to local storage whenever its lines change. */
export function listenForCartChanges(store: WatchableStore<{ cart: CartState }>): () => void {
  return watchStore(store, (state) => state.cart.lines, saveGuestCart);
}
