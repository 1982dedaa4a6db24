import type { ReactElement } from 'react';
import { render } from '@testing-library/react';
import { Provider } from 'react-redux';
import { MemoryRouter, Route, useLocation, type Location } from '../lib/router';
import { makeStore, type AppStore } from './store';

/** Test rendering: the element inside a fresh store and an in-memory router at `path`. */
export function renderWithProviders(
  ui: ReactElement,
  { path = '/', route, store = makeStore() }: { path?: string; route?: string; store?: AppStore } = {},
) {
  const location: { current?: Location } = {};
  function LocationProbe() {
    location.current = useLocation();
    return null;
  }
  const view = render(
    <Provider store={store}>
      <MemoryRouter url={path}>
        <Route path={route}>{ui}</Route>
        <LocationProbe />
      </MemoryRouter>
    </Provider>,
  );
  return { ...view, store, location };
}

/** A fetch stand-in that answers each /api path with the given envelope (or 404). Keys may carry a query. */
export function fakeApi(answers: Record<string, { status?: number; body: unknown }>) {
  return async (input: RequestInfo | URL): Promise<Response> => {
    const url = new URL(input instanceof Request ? input.url : String(input));
    const answer = answers[`${url.pathname}${url.search}`] ?? answers[url.pathname];
    if (!answer) {
      return new Response(JSON.stringify({ code: 404, success: false, message: 'Not found', data: null }), {
        status: 404,
        headers: { 'Content-Type': 'application/json' },
      });
    }
    return new Response(JSON.stringify(answer.body), {
      status: answer.status ?? 200,
      headers: { 'Content-Type': 'application/json' },
    });
  };
}

export function envelope<T>(data: T, code = 200, message = 'OK') {
  return { code, success: code < 400, message, data };
}
