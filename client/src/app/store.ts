import { combineSlices, configureStore } from '@reduxjs/toolkit';
import { setupListeners } from '@reduxjs/toolkit/query';
import { accountSlice } from '../features/account/accountSlice';
import { listenForCartChanges } from '../features/cart/cartListener';
import { cartSlice } from '../features/cart/cartSlice';
import { themeSlice } from '../features/ui/themeSlice';
import { listenForThemeChanges } from '../features/ui/themeListener';
import { toastSlice } from '../features/ui/toastSlice';
import { api } from '../lib/api';
import { connectionSlice } from '../lib/connection';

/** Slices the back office and other lazily loaded parts add when they load (see adminSlice.ts). */
// eslint-disable-next-line @typescript-eslint/no-empty-object-type
export interface LazyLoadedSlices {}

export const rootReducer = combineSlices(api, themeSlice, toastSlice, connectionSlice, cartSlice, accountSlice).withLazyLoadedSlices<LazyLoadedSlices>();

export type RootState = ReturnType<typeof rootReducer>;

export function makeStore(preloadedState?: Partial<RootState>) {
  const store = configureStore({
    reducer: rootReducer,
    preloadedState,
    middleware: (getDefaultMiddleware) => getDefaultMiddleware().concat(api.middleware),
  });
  setupListeners(store.dispatch);
  listenForThemeChanges(store);
  listenForCartChanges(store);
  return store;
}

export type AppStore = ReturnType<typeof makeStore>;
export type AppDispatch = AppStore['dispatch'];
