import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { Provider } from 'react-redux';
import { BrowserRouter } from 'react-router';
import './app/global.css';
import { AppRoutes } from './app/router';
import { makeStore } from './app/store';
import { seedCatalogFromPage } from './features/catalog/api';
import { seedSalesFromPage } from './features/sale/api';
import { applyTheme } from './features/ui/themeSlice';
import { firstScreenMaxMs, showApp } from './lib/firstScreen';

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

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <Provider store={store}>
      <BrowserRouter>
        <AppRoutes />
      </BrowserRouter>
    </Provider>
  </StrictMode>,
);
