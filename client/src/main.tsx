import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { Provider } from 'react-redux';
import { BrowserRouter } from 'react-router';
import './app/global.css';
import { AppRoutes } from './app/router';
import { makeStore } from './app/store';
import { applyTheme } from './features/ui/themeSlice';

const store = makeStore();
applyTheme(store.getState().theme.theme);
// The socket is not needed for the first paint; its code loads in its own chunk.
void import('./lib/realtime').then(({ startRealtime }) => startRealtime(store.dispatch));

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <Provider store={store}>
      <BrowserRouter>
        <AppRoutes />
      </BrowserRouter>
    </Provider>
  </StrictMode>,
);
