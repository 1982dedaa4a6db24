// Who is signed in (SPEC §3 Tokens: "a token-and-user state"): the shopper's token and user, and
// whether the sign-in popup is open. The token lives in local storage under the key lib/api.ts
// reads ('token'), the user under 'user'; this slice starts from them, and the actions of
// actions.ts (signedIn, signedOut …) write them. The back office's token and user are in
// adminSlice.ts, loaded with the back office.
//
// This slice is on every page, so it is kept small: one reducer, and the named actions (with
// their storage writes) in actions.ts, loaded with the screens that use them.
import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import { sessionExpired, tokenStorageKey } from '../../lib/api';
import { readStored } from '../../lib/storage';
import { loginFirstMessage } from '../../lib/toast';
import type { User } from './types';

export const userStorageKey = 'user';

export type SignInMode = 'login' | 'register';

/** The open sign-in popup: which form, and why it opened ('Please login first'). */
export interface SignInPrompt {
  mode: SignInMode;
  notice?: string;
}

export interface AccountState {
  token: string | null;
  user: User | null;
  signIn: SignInPrompt | null;
}

/** The session stored by the last visit: a user only counts beside a token. */
function storedAccount(): AccountState {
  const token = readStored(tokenStorageKey);
  const user = token ? readStored<User>(userStorageKey, true) : null;
  return { token, user: typeof user?.email === 'string' ? user : null, signIn: null };
}

export const accountSlice = createSlice({
  name: 'account',
  initialState: storedAccount,
  reducers: {
    accountChanged(state, action: PayloadAction<Partial<AccountState>>) {
      Object.assign(state, action.payload);
    },
  },
  extraReducers: (builder) => {
    builder.addCase(sessionExpired, (state, action) => {
      if (action.payload.scope === 'user' && state.token) {
        Object.assign(state, { token: null, user: null, signIn: { mode: 'login', notice: loginFirstMessage } });
      }
    });
  },
});

/** The one reducer; actions.ts names its uses (signedIn, signedOut, userUpdated …). */
export const { accountChanged } = accountSlice.actions;

/** What the sign-in popup says when a guest taps a wishlist heart. */
export const wishlistSignInNotice = 'Please login first to save pieces to your wishlist.';

/** Opens the sign-in popup (Sign In, a guest's wishlist heart, an expired session). */
export const signInOpened = (prompt: Partial<SignInPrompt> = {}) =>
  accountChanged({ signIn: { mode: prompt.mode ?? 'login', notice: prompt.notice } });

type WithAccount = { account: AccountState };
export const selectToken = (state: WithAccount) => state.account.token;
export const selectUser = (state: WithAccount) => state.account.user;
export const selectSignInPrompt = (state: WithAccount) => state.account.signIn;

/** What the header calls a signed-in shopper: the first word of the name, else the e-mail. */
export function displayName(user: User | null): string {
  return user?.firstName.trim().split(/\s+/)[0] || user?.email || 'Account';
}
