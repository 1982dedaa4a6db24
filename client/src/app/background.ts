// What starts after the first paint, in its own chunk: the realtime socket (reconnected when the
// shopper signs in or out, so its hello carries the current token), a toast kept across the
// reload that follows signing in, and a signed-in shopper's server cart, kept loaded so the
// header's badge counts it on every page.
import { selectToken } from '../features/account/accountSlice';
import { cartApi } from '../features/cart/api';
import { showFlashToast } from '../lib/flashToast';
import { startRealtime } from '../lib/realtime';
import { watchStore } from '../lib/watchStore';
import type { AppStore } from './store';

/** Keeps the server cart loaded while a token exists (it refetches whenever 'Cart' is invalidated). */
export function followServerCart(store: AppStore): () => void {
  let subscription: { unsubscribe(): void } | null = null;
  const follow = (token: string | null) => {
    subscription?.unsubscribe();
    subscription = token ? store.dispatch(cartApi.endpoints.getCartDetails.initiate()) : null;
  };
  follow(selectToken(store.getState()));
  const stopWatching = watchStore(store, selectToken, follow);
  return () => {
    stopWatching();
    follow(null);
  };
}

export function startBackground(store: AppStore): () => void {
  showFlashToast(store.dispatch);
  const realtime = startRealtime(store.dispatch);
  const stopWatching = watchStore(store, selectToken, () => realtime.reconnect());
  const stopCart = followServerCart(store);
  return () => {
    stopWatching();
    stopCart();
    realtime.stop();
  };
}
