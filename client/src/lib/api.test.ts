import { afterEach, describe, expect, it, vi } from 'vitest';
import { configureStore } from '@reduxjs/toolkit';
import { api, toApiError } from './api';

const probe = api.injectEndpoints({
  endpoints: (build) => ({
    probe: build.query<unknown, string>({ query: (path) => path }),
  }),
});

function storeWithApi() {
  return configureStore({
    reducer: { [api.reducerPath]: api.reducer },
    middleware: (getDefault) => getDefault().concat(api.middleware),
  });
}

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

describe('toApiError', () => {
  it('falls back to the catalogue messages when the server sends none', () => {
    expect(toApiError({ status: 401, data: null }).message).toBe('Unauthorized access. Please login again.');
    expect(toApiError({ status: 500, data: 'boom' }).message).toBe('Server error. Please try again later.');
    expect(toApiError({ status: 418, data: null }).message).toBe('Something went wrong');
  });
});
