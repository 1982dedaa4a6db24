// Signing in and out touch more than the account: the guest cart, the cached answers and the
// page itself (SPEC §4). Features never import each other, so the app layer puts it together.
import { useCallback } from 'react';
import { displayName } from '../features/account/accountSlice';
import { signedIn, signedOut } from '../features/account/actions';
import { revokeTokens } from '../features/account/revoke';
import type { Session } from '../features/account/types';
import { cartApi } from '../features/cart/api';
import { cartCleared, selectCartLines } from '../features/cart/cartSlice';
import type { CartLine } from '../features/cart/types';
import { adminTokenStorageKey, api } from '../lib/api';
import { writeStored } from '../lib/storage';
import { browser } from '../lib/browser';
import { paths } from '../lib/paths';
import { flashToast } from '../lib/flashToast';
import { useAppDispatch, useAppStore } from './hooks';
import type { AppDispatch } from './store';

/** SPEC §9: the page reloads about 100 ms after login. */
export const reloadAfterLoginMs = 100;

/**
 * SPEC §4: after login a non-empty guest cart goes to the server with the new token, once, as one
 * list (the server adds up same product and size, caps by stock and re-prices). On success the
 * guest cart is emptied and the server's notes (stock caps, skipped lines) are answered; a
 * failure rejects, and the guest cart stays in this browser.
 */
export async function mergeGuestCart(dispatch: AppDispatch, lines: CartLine[], token: string): Promise<string[]> {
  const request = dispatch(
    cartApi.endpoints.addToCart.initiate({
      items: lines.map((line) => ({ productId: line.productId || line.id, size: line.size, quantity: line.quantity })),
      token,
      quiet: true,
    }),
  );
  try {
    const { notes } = await request.unwrap();
    dispatch(cartCleared());
    return notes;
  } finally {
    request.reset();
  }
}

/** `address` as the browser reads it (against `base` when given), or null when it cannot. */
function parseURL(address: string, base?: string): URL | null {
  try {
    return new URL(address, base);
  } catch {
    return null;
  }
}

/**
 * Where the page goes after signing in: back to `next` when it is a page of this shop. It is
 * read as the browser reads it (dropping tabs and newlines, a backslash taken for a slash), so
 * '/\host', '/<tab>/host' or 'https:host' cannot lead elsewhere: a full URL is read alone,
 * anything else against this origin; only this origin passes, as its path, query and hash, and
 * never a path the browser would take for '//host'.
 */
export function safeNext(next: string | null | undefined, origin = window.location.origin): string | undefined {
  if (!next) return undefined;
  const url = parseURL(next) ?? parseURL(next, origin);
  if (!url) return undefined;
  const path = `${url.pathname}${url.search}${url.hash}`;
  return url.origin === origin && !path.startsWith('//') ? path : undefined;
}

export function useSession() {
  const dispatch = useAppDispatch();
  const store = useAppStore();

  /** SPEC §4 After login: store the token and user, merge the guest cart, refresh, reload. */
  const completeSignIn = useCallback(
    async (session: Session, { to }: { to?: string } = {}) => {
      dispatch(signedIn(session));
      const lines = selectCartLines(store.getState());
      const notes =
        lines.length > 0
          ? await mergeGuestCart(dispatch, lines, session.token).catch((error: unknown) => {
              // SPEC §4/§8: only logged; the guest cart stays for another try.
              console.error('guest cart merge failed', error);
              return [];
            })
          : [];
      dispatch(api.util.invalidateTags(['Profile', 'Cart']));
      // The greeting (and what the server said about the merged cart) are shown after the reload.
      flashToast({ message: session.message || `Welcome ${displayName(session.user)}` });
      for (const note of notes) flashToast({ message: note, type: 'info', durationMs: 6000 });
      window.setTimeout(() => (to ? browser.assign(to) : browser.reload()), reloadAfterLoginMs);
    },
    [dispatch, store],
  );

  /**
   * SPEC §4 Logout: the server revokes the tokens (unless `revoked` already), then forget the
   * user, the stored tokens (the back office's too) and the guest cart, go to / and reload.
   */
  const signOut = useCallback(
    (message = 'You are signed out.', revoked = false) => {
      void (revoked ? Promise.resolve() : revokeTokens(dispatch)).finally(() => {
        dispatch(signedOut());
        writeStored(adminTokenStorageKey, null);
        dispatch(cartCleared());
        flashToast({ message, type: 'info' });
        browser.assign(paths.home);
      });
    },
    [dispatch],
  );

  return { completeSignIn, signOut };
}
