import { act, renderHook } from '@testing-library/react';
import type { ReactNode } from 'react';
import { Provider } from 'react-redux';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { selectToken, selectUser } from '../features/account/accountSlice';
import { addedToCart, selectCartLines } from '../features/cart/cartSlice';
import { cartLineFor } from '../features/cart/guestCart';
import { browser } from '../lib/browser';
import { flashStorageKey } from '../lib/flashToast';
import { aProduct, aUser } from '../test/fixtures';
import { envelope } from './renderWithProviders';
import { reloadAfterLoginMs, safeNext, useSession } from './session';
import { makeStore } from './store';

function renderSession() {
  const store = makeStore();
  const wrapper = ({ children }: { children: ReactNode }) => <Provider store={store}>{children}</Provider>;
  const { result } = renderHook(() => useSession(), { wrapper });
  return { store, session: result.current };
}

beforeEach(() => {
  vi.spyOn(browser, 'reload').mockImplementation(() => {});
  vi.spyOn(browser, 'assign').mockImplementation(() => {});
  // completeSignIn reloads (or goes on) reloadAfterLoginMs after it is done. On the fake clock that
  // happens only when a test moves it: with real timers the reload would fire whenever 100 ms had
  // passed, in the middle of a slow test, or in the next test, on that test's browser.reload spy.
  vi.useFakeTimers();
});

afterEach(() => {
  // Drops the reload a test left scheduled, so it never fires later.
  vi.useRealTimers();
  window.sessionStorage.clear();
});

describe('after login (SPEC §4)', () => {
  it('stores the token and user, keeps the greeting for after the reload, and reloads 100 ms later', async () => {
    const { store, session } = renderSession();
    await act(() => session.completeSignIn({ token: 'jwt-new', user: aUser(), message: 'Welcome Riya Kapoor' }));
    expect(selectToken(store.getState())).toBe('jwt-new');
    expect(window.localStorage.getItem('token')).toBe('jwt-new');
    expect(JSON.parse(window.sessionStorage.getItem(flashStorageKey)!)).toEqual([{ message: 'Welcome Riya Kapoor' }]);
    vi.advanceTimersByTime(reloadAfterLoginMs - 1);
    expect(browser.reload).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(browser.reload).toHaveBeenCalledTimes(1);
  });

  it('goes to the page the guard came from instead', async () => {
    const { session } = renderSession();
    await act(() => session.completeSignIn({ token: 'jwt', user: aUser(), message: '' }, { to: '/user/addresses' }));
    vi.advanceTimersByTime(reloadAfterLoginMs);
    expect(browser.assign).toHaveBeenCalledWith('/user/addresses');
    expect(JSON.parse(window.sessionStorage.getItem(flashStorageKey)!)).toEqual([{ message: 'Welcome Riya' }]);
  });

  it('only follows ?next= to a path of this shop', () => {
    expect(safeNext('/user/wishlist')).toBe('/user/wishlist');
    expect(safeNext('//evil.example/')).toBeUndefined();
    expect(safeNext('https://evil.example/')).toBeUndefined();
    expect(safeNext(null)).toBeUndefined();
  });

  it('keeps the path, query and hash of a page of this shop', () => {
    const origin = 'https://shop.example';
    expect(safeNext('/user/addresses?edit=1#new', origin)).toBe('/user/addresses?edit=1#new');
    expect(safeNext('/products/Stretch%20Pant?page=2', origin)).toBe('/products/Stretch%20Pant?page=2');
    expect(safeNext('https://shop.example/checkout', origin)).toBe('/checkout');
    expect(safeNext('/', origin)).toBe('/');
  });

  // Each of these leaves the shop when handed to location.assign, as the old check let them.
  it.each([
    ['a backslash for the second slash', '/\\evil.example'],
    ['backslashes only', '\\\\evil.example'],
    ['a slash and a backslash', '\\/evil.example'],
    ['a slash, backslash, slash', '/\\/evil.example'],
    ['a tab between the slashes', '/\t/evil.example'],
    ['a newline between the slashes', '/\n/evil.example'],
    ['a carriage return between the slashes', '/\r/evil.example'],
    ['leading spaces and a protocol-relative URL', '  //evil.example'],
    ['a protocol-relative URL', '//evil.example/path'],
    ['three slashes', '///evil.example'],
    ['a dot segment that collapses to //', '/.//evil.example'],
    ['a parent segment that collapses to //', '/x/..//evil.example'],
    ['a full URL', 'https://evil.example/'],
    ['a full URL with our host as user info', 'https://shop.example@evil.example/'],
    ['another scheme', 'http://shop.example/'],
    ['another port', 'https://shop.example:8443/'],
    ['a mixed-case scheme', 'HtTpS://evil.example'],
    ['a scheme with no slashes and another host', 'https:evil.example'],
    ['a scheme with a backslash', 'https:\\\\evil.example'],
    ['javascript:', 'javascript:alert(document.domain)'],
    ['a mixed-case javascript:', 'JaVaScRiPt:alert(1)'],
    ['javascript: with a tab inside', 'java\tscript:alert(1)'],
    ['javascript: after spaces', ' javascript:alert(1)'],
    ['data:', 'data:text/html,<script>alert(1)</script>'],
    ['vbscript:', 'vbscript:msgbox(1)'],
    ['a blob URL', 'blob:https://evil.example/uuid'],
    ['not a URL at all', 'http://[::1'],
  ])('refuses %s', (_, next) => {
    expect(safeNext(next, 'https://shop.example')).toBeUndefined();
  });

  it('reads encoded characters as a path of this shop, never as a host', () => {
    const origin = 'https://shop.example';
    // The browser does not decode these in a path: each stays on the shop.
    for (const next of ['/%09/evil.example', '/%2F%2Fevil.example', '/%5C%5Cevil.example', '/%2f/evil.example']) {
      const safe = safeNext(next, origin);
      expect(safe, next).toBe(next);
      expect(new URL(safe!, origin).origin, next).toBe(origin);
    }
  });
});

describe('logout (SPEC §4)', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  /** Answers every call with `status`, or fails it as an unreachable server does; the calls. */
  function answerEverything(status: number | 'unreachable') {
    const requests: Request[] = [];
    vi.stubGlobal('fetch', async (request: Request) => {
      requests.push(request.clone());
      if (status === 'unreachable') throw new TypeError('Failed to fetch');
      return new Response(JSON.stringify(envelope(null, status, 'You are signed out.')), { status, headers: { 'Content-Type': 'application/json' } });
    });
    return requests;
  }

  async function signedInThenOut() {
    const { store, session } = renderSession();
    await act(() => session.completeSignIn({ token: 'jwt', user: aUser(), message: '' }));
    window.localStorage.setItem('adminToken', 'back-office-jwt');
    store.dispatch(addedToCart(cartLineFor(aProduct({ _id: 'shirt' }), 'M')));
    expect(window.localStorage.getItem('guestCart')).not.toBeNull();
    act(() => session.signOut());
    await vi.waitFor(() => expect(browser.assign).toHaveBeenCalledWith('/'));
    return store;
  }

  it('revokes the tokens on the server, then clears the user, the stored tokens and the guest cart and goes to / with a reload', async () => {
    const requests = answerEverything(200);
    const store = await signedInThenOut();

    const revoked = requests.map((request) => `${request.method} ${new URL(request.url).pathname} ${request.headers.get('Authorization')}`);
    expect(revoked.sort()).toEqual(['POST /api/admin/logout Bearer back-office-jwt', 'POST /api/logout Bearer jwt']);
    expect(selectToken(store.getState())).toBeNull();
    expect(selectUser(store.getState())).toBeNull();
    expect(selectCartLines(store.getState())).toEqual([]);
    for (const key of ['token', 'user', 'adminToken', 'guestCart']) expect(window.localStorage.getItem(key)).toBeNull();
  });

  it('signs out in this browser all the same when the server cannot be reached', async () => {
    answerEverything('unreachable');
    const store = await signedInThenOut();
    expect(selectToken(store.getState())).toBeNull();
    for (const key of ['token', 'user', 'adminToken', 'guestCart']) expect(window.localStorage.getItem(key)).toBeNull();
  });
});

describe('merging the guest cart after sign-in (SPEC §4)', () => {
  const note = 'Only 1 left in size 32 of Charcoal Trouser; your cart has 1';

  function signInWithGuestCart() {
    const { store, session } = renderSession();
    const shirt = aProduct({ _id: 'shirt', productName: 'Ivory Oxford Shirt' });
    store.dispatch(addedToCart(cartLineFor(shirt, 'M')));
    store.dispatch(addedToCart(cartLineFor(shirt, 'M')));
    store.dispatch(addedToCart(cartLineFor(aProduct({ _id: 'trouser', productName: 'Charcoal Trouser' }), '32')));
    return { store, complete: () => act(() => session.completeSignIn({ token: 'jwt-new', user: aUser(), message: '' })) };
  }

  function answerAddToCart(status: number, body: unknown) {
    const requests: Request[] = [];
    vi.stubGlobal('fetch', async (request: Request) => {
      requests.push(request.clone());
      return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
    });
    return requests;
  }

  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('sends the guest lines once, as one list with the new token, then empties the guest cart and keeps the notes for after the reload', async () => {
    const requests = answerAddToCart(200, envelope({ data: [], summary: { subtotal: 0, totalItems: 3 }, notes: [note] }, 200, 'Item added to cart'));
    const { store, complete } = signInWithGuestCart();
    await complete();

    expect(requests).toHaveLength(1);
    const [request] = requests;
    expect(request!.method).toBe('POST');
    expect(new URL(request!.url).pathname).toBe('/api/addToCart');
    expect(request!.headers.get('Authorization')).toBe('Bearer jwt-new');
    expect(await request!.json()).toEqual([
      { productId: 'shirt', size: 'M', quantity: 2 },
      { productId: 'trouser', size: '32', quantity: 1 },
    ]);
    expect(selectCartLines(store.getState())).toEqual([]);
    expect(window.localStorage.getItem('guestCart')).toBeNull();
    expect(JSON.parse(window.sessionStorage.getItem(flashStorageKey)!)).toEqual([
      { message: 'Welcome Riya' },
      { message: note, type: 'info', durationMs: 6000 },
    ]);
    // All of it is done before the reload, which comes reloadAfterLoginMs later.
    expect(browser.reload).not.toHaveBeenCalled();
    vi.advanceTimersByTime(reloadAfterLoginMs);
    expect(browser.reload).toHaveBeenCalledTimes(1);
  });

  it('keeps the guest cart in this browser and only logs when the server refuses the merge', async () => {
    const logged = vi.spyOn(console, 'error').mockImplementation(() => {});
    const requests = answerAddToCart(500, envelope(null, 500, 'Server error'));
    const { store, complete } = signInWithGuestCart();
    await complete();

    expect(requests).toHaveLength(1);
    expect(logged).toHaveBeenCalledWith('guest cart merge failed', expect.objectContaining({ status: 500 }));
    expect(selectCartLines(store.getState())).toHaveLength(2);
    expect(JSON.parse(window.localStorage.getItem('guestCart')!)).toHaveLength(2);
    // Only the greeting: no error toast about the cart.
    expect(JSON.parse(window.sessionStorage.getItem(flashStorageKey)!)).toEqual([{ message: 'Welcome Riya' }]);
    expect(store.getState().toast.items).toEqual([]);
  });

  it('does not call the server when the guest cart is empty', async () => {
    const requests = answerAddToCart(200, envelope(null));
    const { session } = renderSession();
    await act(() => session.completeSignIn({ token: 'jwt-new', user: aUser(), message: '' }));
    expect(requests).toHaveLength(0);
  });
});
