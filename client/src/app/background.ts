// What starts after the first paint, in its own chunk: the realtime socket (reconnected when the
// shopper signs in or out, so its hello carries the current token), a toast kept across the
// reload that follows signing in, and a signed-in shopper's server cart, kept loaded so the
// header's badge counts it on every page (the cart calls' code loads only when there is a token:
// a guest's page never needs it).
import { selectToken } from '../features/account/accountSlice';
import { startRealtime } from '../lib/realtime';
import { flashStorageKey } from '../lib/toast';
import { watchStore } from '../lib/watchStore';
import type { AppStore } from './store';

/** Keeps the server cart loaded while a token exists (it refetches whenever 'Cart' is invalidated). */
export function followServerCart(store: AppStore): () => void {
  let subscription: { unsubscribe(): void } | null = null;
  // Counts token changes, so a cart API arriving after another change (or the stop) does nothing.
  let generation = 0;
  const follow = (token: string | null) => {
    subscription?.unsubscribe();
    subscription = null;
    const current = ++generation;
    if (!token) return;
    void import('../features/cart/api').then(({ cartApi }) => {
      if (current === generation) subscription = store.dispatch(cartApi.endpoints.getCartDetails.initiate());
    });
  };
  follow(selectToken(store.getState()));
  const stopWatching = watchStore(store, selectToken, follow);
  return () => {
    stopWatching();
    follow(null);
  };
}

/** True when a toast waits for this page load (signing in just reloaded it). */
function hasFlashToast(): boolean {
  try {
    return window.sessionStorage.getItem(flashStorageKey) !== null;
  } catch {
    return false;
  }
}

export function startBackground(store: AppStore): () => void {
  // Its code loads only when there is one to show.
  if (hasFlashToast()) void import('../lib/flashToast').then(({ showFlashToast }) => showFlashToast(store.dispatch));
  const realtime = startRealtime(store.dispatch);
  const stopWatching = watchStore(store, selectToken, () => realtime.reconnect());
  const stopCart = followServerCart(store);
  return () => {
    stopWatching();
    stopCart();
    realtime.stop();
  };
}
