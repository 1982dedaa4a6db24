// The app's routing vocabulary, on wouter (a router of about 2 kB): its <Router>, <Switch>,
// <Route>, useParams and useSearchParams as they are, and the few hooks whose shape the app's
// pages were written for. Every route is written with its whole path (the app nests no base),
// so a location's pathname is always the address bar's, and a link's href is its `to`.
import { useState, type ReactNode } from 'react';
import { Router, useLocation as useWouterLocation, useRouter } from 'wouter';
import { useHistoryState } from 'wouter/use-browser-location';
import { memoryLocation } from 'wouter/memory-location';

export { matchRoute, Route, Router, Switch, useParams, useRouter, useSearchParams } from 'wouter';

/** Where the app is: the pathname and query as in the address bar, and the state navigate() left. */
export interface Location {
  pathname: string;
  /** The query with its '?', or '' without one. */
  search: string;
  state: unknown;
}

/** A location hook that also knows the state of its entries (memoryLocation's, see MemoryRouter). */
type HookWithState = { entryState?: () => unknown };

/**
 * The current location. Pathname and query come raw (percent-encoded as in the address bar),
 * unlike wouter's useLocation and useSearch, which decode them.
 */
export function useLocation(): Location {
  const router = useRouter();
  const pathname = router.hook(router)[0];
  const query = router.searchHook(router);
  const browserState: unknown = useHistoryState();
  const entryState = (router.hook as HookWithState).entryState;
  return {
    pathname,
    search: query && query !== '?' ? (query.startsWith('?') ? query : `?${query}`) : '',
    state: entryState ? entryState() : browserState,
  };
}

export interface NavigateOptions {
  /** Replace the current history entry instead of pushing one. */
  replace?: boolean;
  /** What the next page reads as useLocation().state (kept in history.state). */
  state?: unknown;
}

export type NavigateFunction = (to: string, options?: NavigateOptions) => void;

/** The pathname as routes match it: percent-decoded, as wouter's <Route> and <Switch> see it. */
export function useRoutePath(): string {
  return useWouterLocation()[0];
}

/** A function that goes to an address (a whole path, with its query if any). It stays the same between renders. */
export function useNavigate(): NavigateFunction {
  return useWouterLocation()[1];
}

/**
 * A router whose location lives in memory, at `url` (a path with its query) with `state`: for
 * tests, where the page's address must not change.
 */
export function MemoryRouter({ url = '/', state = null, children }: { url?: string; state?: unknown; children: ReactNode }) {
  const [hook] = useState(() => {
    const memory = memoryLocation({ path: url, state });
    return Object.assign(memory.hook, { searchHook: memory.searchHook, entryState: () => memory.state });
  });
  return <Router hook={hook}>{children}</Router>;
}
