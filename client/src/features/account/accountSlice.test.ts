import { describe, expect, it } from 'vitest';
import { makeStore } from '../../app/store';
import { sessionExpired } from '../../lib/api';
import { displayName, selectSignInPrompt, selectToken, selectUser, signInOpened } from './accountSlice';
import { signedIn, signedOut, tokenRenewed, userUpdated } from './actions';
import { aUser } from '../../test/fixtures';

describe('account state', () => {
  it('starts signed out when nothing is stored', () => {
    const store = makeStore();
    expect(selectToken(store.getState())).toBeNull();
    expect(selectUser(store.getState())).toBeNull();
  });

  it('starts from the stored token and user, and ignores a user stored without a token', () => {
    window.localStorage.setItem('user', JSON.stringify(aUser()));
    expect(selectUser(makeStore().getState())).toBeNull();

    window.localStorage.setItem('token', 'jwt-1');
    const store = makeStore();
    expect(selectToken(store.getState())).toBe('jwt-1');
    expect(selectUser(store.getState())?.email).toBe('riya@example.com');
  });

  it('treats a broken stored user as no user', () => {
    window.localStorage.setItem('token', 'jwt-1');
    window.localStorage.setItem('user', '{not json');
    const store = makeStore();
    expect(selectToken(store.getState())).toBe('jwt-1');
    expect(selectUser(store.getState())).toBeNull();
  });

  it('login stores the token where the API client reads it, keeps the user and closes the popup', () => {
    const store = makeStore();
    store.dispatch(signInOpened({ mode: 'register' }));
    store.dispatch(signedIn({ token: 'jwt-2', user: aUser() }));
    expect(window.localStorage.getItem('token')).toBe('jwt-2');
    expect(JSON.parse(window.localStorage.getItem('user')!)).toMatchObject({ email: 'riya@example.com' });
    expect(selectToken(store.getState())).toBe('jwt-2');
    expect(selectSignInPrompt(store.getState())).toBeNull();
    // A new page load is still signed in.
    expect(selectUser(makeStore().getState())?.firstName).toBe('Riya Kapoor');
  });

  it('logout forgets the token and the user', () => {
    const store = makeStore();
    store.dispatch(signedIn({ token: 'jwt-3', user: aUser() }));
    store.dispatch(signedOut());
    expect(selectToken(store.getState())).toBeNull();
    expect(selectUser(store.getState())).toBeNull();
    expect(window.localStorage.getItem('token')).toBeNull();
    expect(window.localStorage.getItem('user')).toBeNull();
  });

  it('keeps a renewed token and a fresher user', () => {
    const store = makeStore();
    store.dispatch(signedIn({ token: 'old', user: aUser() }));
    store.dispatch(tokenRenewed('new'));
    store.dispatch(userUpdated(aUser({ firstName: 'Riya', lastName: 'Kapoor' })));
    expect(window.localStorage.getItem('token')).toBe('new');
    expect(selectUser(store.getState())).toMatchObject({ firstName: 'Riya', lastName: 'Kapoor' });
  });

  it("a dead session signs out and asks to sign in again with 'Please login first'", () => {
    const store = makeStore();
    store.dispatch(signedIn({ token: 'jwt-4', user: aUser() }));
    store.dispatch(sessionExpired({ scope: 'user' }));
    expect(selectToken(store.getState())).toBeNull();
    expect(selectSignInPrompt(store.getState())).toEqual({ mode: 'login', notice: 'Please login first' });
  });

  it("a back-office session ending leaves the shopper's alone", () => {
    const store = makeStore();
    store.dispatch(signedIn({ token: 'jwt-5', user: aUser() }));
    store.dispatch(sessionExpired({ scope: 'admin' }));
    expect(selectToken(store.getState())).toBe('jwt-5');
    expect(selectSignInPrompt(store.getState())).toBeNull();
  });

  it('names the shopper by the first word of the name, else the e-mail', () => {
    expect(displayName(aUser())).toBe('Riya');
    expect(displayName(aUser({ firstName: '  ' }))).toBe('riya@example.com');
    expect(displayName(null)).toBe('Account');
  });
});
