import { startTransition, StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { Provider } from 'react-redux';
import './app/global.css';
import { AppRoutes } from './app/router';
import { makeStore } from './app/store';
import { seedCatalogFromPage } from './features/catalog/api';
import { seedSalesFromPage } from './features/sale/api';
import { applyTheme } from './features/ui/themeSlice';
import { cameWithFirstScreen, firstScreenMaxMs, showApp } from './lib/firstScreen';
import { BrowserRouter } from './lib/router';

const store = makeStore();
applyTheme(store.getState().theme.theme);
const seeded = seedSalesFromPage();
if (seeded) void store.dispatch(seeded);
const catalog = seedCatalogFromPage();
if (catalog) store.dispatch(catalog);
window.setTimeout(showApp, firstScreenMaxMs);
// The socket (and a toast kept across a reload) are not needed for the first paint; their code
// loads in its own chunk.
void import('./app/background').then(({ startBackground }) => startBackground(store));

const root = createRoot(document.getElementById('root')!);
const app = (
  <StrictMode>
    <Provider store={store}>
      <BrowserRouter>
        <AppRoutes />
      </BrowserRouter>
    </Provider>
  </StrictMode>
);
// Behind the server's first screen the app renders in slices, so the shopper can scroll that
// screen meanwhile; without one, at once.
if (cameWithFirstScreen) startTransition(() => root.render(app));
else root.render(app);
