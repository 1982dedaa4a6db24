// The app's routing vocabulary, on wouter (a router of about 2 kB): its <Router>, <Switch>,
// <Route> and useSearchParams as they are, the few hooks whose shape the app's pages were written
// for (useLocation, useNavigate, useParams), and the routers the app renders in: BrowserRouter
// (main.tsx) and MemoryRouter (tests). Every route is written with its whole path (the app nests
// no base), so a location's pathname is always the address bar's, and a link's href is its `to`.
import { createContext, startTransition, useContext, useEffect, useMemo, useState, type ReactNode } from 'react';
import { Router, useLocation as useWouterLocation, useParams as useWouterParams, useRouter } from 'wouter';
import { navigate } from 'wouter/use-browser-location';
import { memoryLocation } from 'wouter/memory-location';

export { matchRoute, Route, Router, Switch, useRouter, useSearchParams } from 'wouter';

/** Where the app is: the pathname and query as in the address bar, and the state navigate() left. */
export interface Location {
  pathname: string;
  /** The query with its '?', or '' without one. */
  search: string;
  state: unknown;
}

/** A location hook that also knows the state of its entries (BrowserRouter's and MemoryRouter's). */
type HookWithState = { entryState?: () => unknown };

/**
 * The current location. Pathname and query come raw (percent-encoded as in the address bar),
 * unlike wouter's useLocation and useSearch, which decode them.
 */
export function useLocation(): Location {
  const router = useRouter();
  const pathname = router.hook(router)[0];
  const query = router.searchHook(router);
  // A router without a state hook is the first screen's drawing (ssrPath), which has none.
  const entryState = (router.hook as HookWithState).entryState;
  return {
    pathname,
    search: query && query !== '?' ? (query.startsWith('?') ? query : `?${query}`) : '',
    state: entryState ? entryState() : null,
  };
}

export interface NavigateOptions {
  /** Replace the current history entry instead of pushing one. */
  replace?: boolean;
  /** What the next page reads as useLocation().state (kept in history.state). */
  state?: unknown;
}

export type NavigateFunction = (to: string, options?: NavigateOptions) => void;

/** A percent-decoded parameter, or the raw one when it is not valid percent-encoding. */
function decodedParam(value: string): string {
  try {
    return decodeURIComponent(value);
  } catch {
    return value;
  }
}

/**
 * The innermost matched route's parameters by name, fully decoded (/products/Shirts%20%26%20Tops
 * gives "Shirts & Tops"): wouter matches the path after decodeURI, which leaves %26, %2F, %3F and
 * the like encoded.
 */
export function useParams(): Readonly<Partial<Record<string, string>>> {
  const params = useWouterParams();
  return useMemo(() => {
    // wouter also lists a route's captures by position ("0", "1"); the app reads parameters by name.
    const named = Object.entries(params).filter(([name, value]) => !/^\d+$/.test(name) && value !== undefined);
    return Object.fromEntries(named.map(([name, value]) => [name, decodedParam(value!)]));
  }, [params]);
}

/** The pathname as routes match it: percent-decoded, as wouter's <Route> and <Switch> see it. */
export function useRoutePath(): string {
  return useWouterLocation()[0];
}

/** A function that goes to an address (a whole path, with its query if any). It stays the same between renders. */
export function useNavigate(): NavigateFunction {
  return useWouterLocation()[1];
}

/** The browser's address as the app last rendered it: pathname and query raw, and history.state. */
const AddressContext = createContext<Location>({ pathname: '/', search: '', state: null });

function readAddress(): Location {
  return { pathname: window.location.pathname, search: window.location.search, state: window.history.state as unknown };
}

function useAddressPath(): [string, typeof navigate] {
  return [useContext(AddressContext).pathname, navigate];
}

function useAddressSearch(): string {
  return useContext(AddressContext).search;
}

function useAddressState(): unknown {
  return useContext(AddressContext).state;
}

const addressHook = Object.assign(useAddressPath, { searchHook: useAddressSearch, entryState: useAddressState });

/**
 * The app's router in the browser: the address bar's location, which a navigation (a link, the
 * back button, navigate()) changes inside a transition, so the page on screen stays until the
 * next one is ready (a lazily loaded page's chunk loading) rather than giving way to a spinner.
 * wouter's own browser location is read synchronously, which would show the spinner.
 */
export function BrowserRouter({ children }: { children: ReactNode }) {
  const [address, setAddress] = useState(readAddress);
  useEffect(() => {
    const update = () => {
      const next = readAddress();
      startTransition(() =>
        setAddress((shown) => (shown.pathname === next.pathname && shown.search === next.search && shown.state === next.state ? shown : next)),
      );
    };
    // wouter's navigate (wouter/use-browser-location) announces pushState and replaceState as events.
    const events = ['popstate', 'pushState', 'replaceState'];
    for (const event of events) window.addEventListener(event, update);
    // A navigation between the first render and now.
    update();
    return () => {
      for (const event of events) window.removeEventListener(event, update);
    };
  }, []);
  return (
    <AddressContext value={address}>
      <Router hook={addressHook}>{children}</Router>
    </AddressContext>
  );
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
