// Route pages load in their own chunks. lazyPage wraps React.lazy and counts the page chunks
// still downloading, so the header can show a thin progress line while a page is on its way
// (lib/router.tsx's BrowserRouter navigates inside a transition: the old page stays until the new
// one is ready).
import { lazy, useSyncExternalStore, type ComponentType } from 'react';

let pending = 0;
const listeners = new Set<() => void>();

function setPending(change: number) {
  pending += change;
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** True while a page chunk is being downloaded. */
export function usePageLoading(): boolean {
  return useSyncExternalStore(subscribe, () => pending > 0, () => false);
}

/** A lazily loaded page: `lazyPage(() => import('./routes/AboutPage'), 'AboutPage')`. */
export function lazyPage<M extends Record<string, unknown>, K extends keyof M>(
  load: () => Promise<M>,
  name: K,
): ComponentType {
  return lazy(async () => {
    setPending(1);
    try {
      const module = await load();
      return { default: module[name] as ComponentType };
    } finally {
      setPending(-1);
    }
  });
}
