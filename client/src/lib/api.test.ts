import { afterEach, describe, expect, it, vi } from 'vitest';
import { configureStore, type Middleware } from '@reduxjs/toolkit';
import { api, sessionExpired, toApiError, type ApiMeta } from './api';
import { toastSlice } from './toast';

const probe = api.injectEndpoints({
  endpoints: (build) => ({
    probe: build.query<unknown, string>({ query: (path) => path }),
  }),
});

function storeWithApi(seen: { type: string; payload?: unknown }[] = []) {
  const record: Middleware = () => (next) => (action) => {
    seen.push(action as { type: string; payload?: unknown });
    return next(action);
  };
  return configureStore({
    reducer: { [api.reducerPath]: api.reducer, toast: toastSlice.reducer },
    middleware: (getDefault) => getDefault().concat(api.middleware, record),
  });
}

const sessionProbe = api.injectEndpoints({
  endpoints: (build) => ({
    sessionProbe: build.mutation<{ token?: string; message?: string }, void>({
      query: () => ({ url: 'login', method: 'POST' }),
      transformResponse: (_data: unknown, meta: ApiMeta | undefined) => ({ token: meta?.token, message: meta?.message }),
    }),
  }),
});

function answer(status: number, body: unknown) {
  return vi.fn(async (_request: Request) => new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } }));
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('api base query', () => {
  it('unwraps the envelope and sends the shopper token as a Bearer header', async () => {
    window.localStorage.setItem('token', 'shopper-jwt');
    const fetch = answer(200, { code: 200, success: true, message: 'OK', data: { items: [1, 2] } });
    vi.stubGlobal('fetch', fetch);

    const result = await storeWithApi().dispatch(probe.endpoints.probe.initiate('getsale'));

    expect(result.data).toEqual({ items: [1, 2] });
    const request = fetch.mock.calls[0]![0];
    expect(new URL(request.url).pathname).toBe('/api/getsale');
    expect(request.headers.get('Authorization')).toBe('Bearer shopper-jwt');
  });

  it('uses the admin token for admin paths', async () => {
    window.localStorage.setItem('token', 'shopper-jwt');
    window.localStorage.setItem('adminToken', 'admin-jwt');
    const fetch = answer(200, { code: 200, success: true, message: 'OK', data: {} });
    vi.stubGlobal('fetch', fetch);

    await storeWithApi().dispatch(probe.endpoints.probe.initiate('admin/getcompany'));

    expect(fetch.mock.calls[0]![0].headers.get('Authorization')).toBe('Bearer admin-jwt');
  });

  it('reports the server message and field errors of an error envelope', async () => {
    vi.stubGlobal(
      'fetch',
      answer(422, { code: 422, success: false, message: 'Invalid address', data: null, errors: { pincode: 'Pincode must contain only numbers' } }),
    );

    const result = await storeWithApi().dispatch(probe.endpoints.probe.initiate('addAddress'));

    expect(result.error).toEqual({
      status: 422,
      message: 'Invalid address',
      errors: { pincode: 'Pincode must contain only numbers' },
    });
  });

  it('treats success:false in a 200 answer as an error', async () => {
    vi.stubGlobal('fetch', answer(200, { code: 400, success: false, message: 'Coupon is not active.', data: null }));
    const result = await storeWithApi().dispatch(probe.endpoints.probe.initiate('applycoupon'));
    expect(result.error).toMatchObject({ status: 400, message: 'Coupon is not active.' });
  });
});

describe('sessions', () => {
  it("keeps the token and message SPEC §3's login response puts beside data", async () => {
    vi.stubGlobal('fetch', answer(200, { code: 200, success: true, message: 'Welcome Riya', token: 'jwt-new', data: { email: 'riya@example.com' } }));
    const result = await storeWithApi().dispatch(sessionProbe.endpoints.sessionProbe.initiate());
    expect(result.data).toEqual({ token: 'jwt-new', message: 'Welcome Riya' });
  });

  it("a 401 on a call made with the shopper's token forgets it and says 'Please login first'", async () => {
    window.localStorage.setItem('token', 'expired-jwt');
    vi.stubGlobal('fetch', answer(401, { code: 401, success: false, message: 'Your session has expired. Please login again.', data: null }));
    const seen: { type: string; payload?: unknown }[] = [];
    const store = storeWithApi(seen);

    await store.dispatch(probe.endpoints.probe.initiate('getAddress'));

    expect(window.localStorage.getItem('token')).toBeNull();
    expect(seen.filter((action) => action.type === sessionExpired.type)).toEqual([sessionExpired({ scope: 'user' })]);
    expect(store.getState().toast.items.map((toast) => [toast.type, toast.message])).toEqual([['error', 'Please login first']]);
  });

  it('a 401 without a token (a failed sign-in) ends no session', async () => {
    vi.stubGlobal('fetch', answer(401, { code: 401, success: false, message: 'Google login failed', data: null }));
    const seen: { type: string; payload?: unknown }[] = [];
    await storeWithApi(seen).dispatch(probe.endpoints.probe.initiate('auth/google'));
    expect(seen.some((action) => action.type === sessionExpired.type)).toBe(false);
  });

  it("a 401 on a back-office call forgets the admin token only", async () => {
    window.localStorage.setItem('token', 'shopper-jwt');
    window.localStorage.setItem('adminToken', 'admin-jwt');
    vi.stubGlobal('fetch', answer(401, { code: 401, success: false, message: 'Unauthorized access. Please login again.', data: null }));
    const seen: { type: string; payload?: unknown }[] = [];
    await storeWithApi(seen).dispatch(probe.endpoints.probe.initiate('admin/profile'));
    expect(window.localStorage.getItem('adminToken')).toBeNull();
    expect(window.localStorage.getItem('token')).toBe('shopper-jwt');
    expect(seen.filter((action) => action.type === sessionExpired.type)).toEqual([sessionExpired({ scope: 'admin' })]);
  });
});

describe('toApiError', () => {
  it('falls back to the catalogue messages when the server sends none', () => {
    expect(toApiError({ status: 401, data: null }).message).toBe('Unauthorized access. Please login again.');
    expect(toApiError({ status: 500, data: 'boom' }).message).toBe('Server error. Please try again later.');
    expect(toApiError({ status: 418, data: null }).message).toBe('Something went wrong');
  });
});
