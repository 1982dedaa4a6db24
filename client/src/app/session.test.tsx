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
});

afterEach(() => {
  vi.useRealTimers();
  window.sessionStorage.clear();
});

describe('after login (SPEC §4)', () => {
  it('stores the token and user, keeps the greeting for after the reload, and reloads 100 ms later', async () => {
    vi.useFakeTimers();
    const { store, session } = renderSession();
    await act(() => session.completeSignIn({ token: 'jwt-new', user: aUser(), message: 'Welcome Riya Kapoor' }));
    expect(selectToken(store.getState())).toBe('jwt-new');
    expect(window.localStorage.getItem('token')).toBe('jwt-new');
    expect(JSON.parse(window.sessionStorage.getItem(flashStorageKey)!)).toEqual({ message: 'Welcome Riya Kapoor' });
    vi.advanceTimersByTime(reloadAfterLoginMs - 1);
    expect(browser.reload).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(browser.reload).toHaveBeenCalledTimes(1);
  });

  it('goes to the page the guard came from instead, and keeps the guest cart for the cart to merge', async () => {
    vi.useFakeTimers();
    const { store, session } = renderSession();
    store.dispatch(addedToCart(cartLineFor(aProduct({ _id: 'shirt' }), 'M')));
    await act(() => session.completeSignIn({ token: 'jwt', user: aUser(), message: '' }, { to: '/user/addresses' }));
    vi.advanceTimersByTime(reloadAfterLoginMs);
    expect(browser.assign).toHaveBeenCalledWith('/user/addresses');
    expect(selectCartLines(store.getState())).toHaveLength(1);
    expect(JSON.parse(window.sessionStorage.getItem(flashStorageKey)!)).toEqual({ message: 'Welcome Riya' });
  });

  it('only follows ?next= to a path of this shop', () => {
    expect(safeNext('/user/wishlist')).toBe('/user/wishlist');
    expect(safeNext('//evil.example/')).toBeUndefined();
    expect(safeNext('https://evil.example/')).toBeUndefined();
    expect(safeNext(null)).toBeUndefined();
  });
});

describe('logout (SPEC §4)', () => {
  it('clears the user, the stored tokens and the guest cart, then goes to / with a reload', async () => {
    const { store, session } = renderSession();
    await act(() => session.completeSignIn({ token: 'jwt', user: aUser(), message: '' }));
    window.localStorage.setItem('adminToken', 'back-office-jwt');
    store.dispatch(addedToCart(cartLineFor(aProduct({ _id: 'shirt' }), 'M')));
    expect(window.localStorage.getItem('guestCart')).not.toBeNull();

    act(() => session.signOut());

    expect(selectToken(store.getState())).toBeNull();
    expect(selectUser(store.getState())).toBeNull();
    expect(selectCartLines(store.getState())).toEqual([]);
    for (const key of ['token', 'user', 'adminToken', 'guestCart']) expect(window.localStorage.getItem(key)).toBeNull();
    expect(browser.assign).toHaveBeenCalledWith('/');
  });
});
