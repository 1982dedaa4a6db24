// What starts after the first paint, in its own chunk: the realtime socket (reconnected when the
// shopper signs in or out, so its hello carries the current token) and a toast kept across the
// reload that follows signing in.
import { selectToken } from '../features/account/accountSlice';
import { showFlashToast } from '../lib/flashToast';
import { startRealtime } from '../lib/realtime';
import { watchStore } from '../lib/watchStore';
import type { AppStore } from './store';

export function startBackground(store: AppStore): () => void {
  showFlashToast(store.dispatch);
  const realtime = startRealtime(store.dispatch);
  const stopWatching = watchStore(store, selectToken, () => realtime.reconnect());
  return () => {
    stopWatching();
    realtime.stop();
  };
}
