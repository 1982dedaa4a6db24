// The account state's named changes, built on its one reducer (accountSlice.ts keeps the
// entry chunk small; these load with the screens that use them). Each keeps local storage in
// step: the token under 'token' (which lib/api.ts sends) and the user under 'user'.
import type { ThunkAction, UnknownAction } from '@reduxjs/toolkit';
import { tokenStorageKey } from '../../lib/api';
import { setFirstScreenHint } from '../../lib/firstScreen';
import { writeStored } from '../../lib/storage';
import { accountChanged, userStorageKey, type AccountState } from './accountSlice';
import type { User } from './types';

type Thunk = ThunkAction<void, unknown, unknown, UnknownAction>;

function changed(change: Partial<AccountState>): Thunk {
  return (dispatch) => {
    if (change.token !== undefined) {
      writeStored(tokenStorageKey, change.token);
      setFirstScreenHint('signed-in', change.token !== null);
    }
    if (change.user !== undefined) writeStored(userStorageKey, change.user);
    dispatch(accountChanged(change));
  };
}

/** Signed in: the token and user are kept and the popup closes. */
export const signedIn = ({ token, user }: { token: string; user: User }) => changed({ token, user, signIn: null });

/** A fresher copy of the signed-in user (profile answers, edits). */
export const userUpdated = (user: User) => changed({ user });

/** A password change answers a new token; the old one no longer works. */
export const tokenRenewed = (token: string) => changed({ token });

/** SPEC §4 Logout: the user and the token are forgotten. */
export const signedOut = () => changed({ token: null, user: null });

export const signInClosed = () => accountChanged({ signIn: null });
