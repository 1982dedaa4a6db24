// The back office's session: its own token (stored under 'adminToken', sent on /api/admin calls
// by lib/api.ts) and the staff member or admin it belongs to. A shopper token never opens the
// back office, and signing in here does not sign a shopper in. Loaded with the back office only:
// the slice joins the store when this module loads.
import { createSlice, type PayloadAction, type ThunkAction, type UnknownAction, type WithSlice } from '@reduxjs/toolkit';
import { rootReducer } from '../../app/store';
import { adminTokenStorageKey, sessionExpired } from '../../lib/api';
import { readStored, writeStored } from '../../lib/storage';
import type { User } from './types';

export const adminUserStorageKey = 'adminUser';

export interface AdminState {
  token: string | null;
  user: User | null;
}

function storedAdmin(): AdminState {
  const token = readStored(adminTokenStorageKey);
  return { token, user: token ? readStored<User>(adminUserStorageKey, true) : null };
}

export const adminSlice = createSlice({
  name: 'admin',
  initialState: storedAdmin,
  reducers: {
    adminChanged(state, action: PayloadAction<Partial<AdminState>>) {
      Object.assign(state, action.payload);
    },
  },
  extraReducers: (builder) => {
    builder.addCase(sessionExpired, (state, action) => {
      if (action.payload.scope === 'admin') Object.assign(state, { token: null, user: null });
    });
  },
  selectors: {
    selectAdminToken: (state) => state.token,
    selectAdmin: (state) => state.user,
  },
});

declare module '../../app/store' {
  export interface LazyLoadedSlices extends WithSlice<typeof adminSlice> {}
}

const injected = adminSlice.injectInto(rootReducer);
export const { selectAdminToken, selectAdmin } = injected.selectors;

type Thunk = ThunkAction<void, unknown, unknown, UnknownAction>;

/** Signed in to the back office: the token and user are stored and kept. */
export const adminSignedIn =
  ({ token, user }: { token: string; user: User }): Thunk =>
  (dispatch) => {
    writeStored(adminTokenStorageKey, token);
    writeStored(adminUserStorageKey, user);
    dispatch(adminSlice.actions.adminChanged({ token, user }));
  };

/** A fresher copy of the signed-in staff member. */
export const adminUpdated =
  (user: User): Thunk =>
  (dispatch) => {
    writeStored(adminUserStorageKey, user);
    dispatch(adminSlice.actions.adminChanged({ user }));
  };

export const adminSignedOut = (): Thunk => (dispatch) => {
  writeStored(adminTokenStorageKey, null);
  writeStored(adminUserStorageKey, null);
  dispatch(adminSlice.actions.adminChanged({ token: null, user: null }));
};
