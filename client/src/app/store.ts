import { combineSlices, configureStore } from '@reduxjs/toolkit';
import { setupListeners } from '@reduxjs/toolkit/query';
import { listenForCartChanges } from '../features/cart/cartListener';
import { cartSlice } from '../features/cart/cartSlice';
import { themeSlice } from '../features/ui/themeSlice';
import { listenForThemeChanges } from '../features/ui/themeListener';
import { toastSlice } from '../features/ui/toastSlice';
import { api } from '../lib/api';
import { connectionSlice } from '../lib/connection';

const rootReducer = combineSlices(api, themeSlice, toastSlice, connectionSlice, cartSlice);

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
