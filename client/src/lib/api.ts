// The one RTK Query API of the client. Every call goes to /api, carries the shopper's or the
// admin's Bearer token, and has the server's envelope {code, success, message, data, errors}
// unwrapped: endpoints see `data` on success and an ApiError otherwise. Features add their
// endpoints with api.injectEndpoints.
import { createAction } from '@reduxjs/toolkit';
import {
  createApi,
  fetchBaseQuery,
  type BaseQueryFn,
  type FetchArgs,
  type FetchBaseQueryError,
  type FetchBaseQueryMeta,
} from '@reduxjs/toolkit/query/react';
import { apiBaseUrl } from './env';
import { readStored, writeStored } from './storage';
import { loginFirstMessage, toastShown } from './toast';

export const tokenStorageKey = 'token';
export const adminTokenStorageKey = 'adminToken';

/** Cache tags. Realtime events and reconnects invalidate these. */
export const tagTypes = ['Sale', 'Category', 'Product', 'Content', 'Profile', 'Address', 'Wishlist', 'Cart', 'Order'] as const;
export type TagType = (typeof tagTypes)[number];

export interface Envelope<T = unknown> {
  code: number;
  success: boolean;
  message: string;
  data: T;
  errors?: Record<string, string>;
}

/** What an answer carried besides `data`: its message, and the token SPEC §3's login response puts beside it. */
export type ApiMeta = FetchBaseQueryMeta & { token?: string; message?: string };

export type AuthScope = 'user' | 'admin';

/**
 * A call made with a token was answered 401: that session is gone (expired, signed out
 * everywhere, password changed elsewhere). The account state forgets the token and asks the
 * shopper to sign in again ('Please login first').
 */
export const sessionExpired = createAction<{ scope: AuthScope }, 'session/expired'>('session/expired');

export interface ApiError {
  status: number | 'FETCH_ERROR' | 'PARSING_ERROR' | 'TIMEOUT_ERROR' | 'CUSTOM_ERROR';
  message: string;
  errors?: Record<string, string>;
}

/** The shopper's token, or the admin's for back-office calls (see isAdminPath). */
export function authToken(scope: AuthScope = 'user'): string | null {
  return readStored(scope === 'admin' ? adminTokenStorageKey : tokenStorageKey);
}

function forgetToken(scope: AuthScope) {
  writeStored(scope === 'admin' ? adminTokenStorageKey : tokenStorageKey, null);
}

function requestPath(arg: unknown): string {
  if (typeof arg === 'string') return arg;
  if (arg && typeof arg === 'object' && 'url' in arg && typeof arg.url === 'string') return arg.url;
  return '';
}

/**
 * Back-office calls, which carry the admin token: paths under admin/, and SPEC §7's staff
 * actions outside it (POST /orderStatus, POST /refund), which no shopper ever calls.
 */
export function isAdminPath(path: string): boolean {
  return /^\/?(admin(\/|$)|(orderStatus|refund)($|\?))/.test(path);
}

export function isEnvelope(body: unknown): body is Envelope {
  return (
    typeof body === 'object' &&
    body !== null &&
    'success' in body &&
    typeof body.success === 'boolean' &&
    'code' in body &&
    typeof body.code === 'number'
  );
}

function fallbackMessage(status: ApiError['status']): string {
  if (status === 401) return 'Unauthorized access. Please login again.';
  if (status === 404 || status === 500) return 'Server error. Please try again later.';
  if (status === 'FETCH_ERROR' || status === 'TIMEOUT_ERROR') return 'Cannot reach the shop. Please check your connection.';
  return 'Something went wrong';
}

/** Turns a transport error or an error envelope into the ApiError every endpoint reports. */
export function toApiError(error: FetchBaseQueryError): ApiError {
  if (error.status === 'PARSING_ERROR') {
    return { status: 'PARSING_ERROR', message: fallbackMessage(error.originalStatus) };
  }
  if (typeof error.status === 'number') {
    const body = error.data;
    if (isEnvelope(body)) {
      return {
        status: error.status,
        message: body.message || fallbackMessage(error.status),
        ...(body.errors ? { errors: body.errors } : {}),
      };
    }
    return { status: error.status, message: fallbackMessage(error.status) };
  }
  return { status: error.status, message: fallbackMessage(error.status) };
}

const rawBaseQuery = fetchBaseQuery({
  baseUrl: apiBaseUrl,
  prepareHeaders: (headers, { arg }) => {
    const token = authToken(isAdminPath(requestPath(arg)) ? 'admin' : 'user');
    if (token && !headers.has('Authorization')) headers.set('Authorization', `Bearer ${token}`);
    return headers;
  },
});

export const envelopeBaseQuery: BaseQueryFn<string | FetchArgs, unknown, ApiError, object, ApiMeta> = async (
  args,
  queryApi,
  extraOptions,
) => {
  const scope: AuthScope = isAdminPath(requestPath(args)) ? 'admin' : 'user';
  const sentToken = authToken(scope);
  const result = await rawBaseQuery(args, queryApi, extraOptions);
  if (result.error) {
    if (result.error.status === 401 && sentToken && sentToken === authToken(scope)) {
      // The token is dead: forget it here too, so a reload does not bring it back.
      forgetToken(scope);
      queryApi.dispatch(sessionExpired({ scope }));
      if (scope === 'user') queryApi.dispatch(toastShown({ message: loginFirstMessage, type: 'error' }));
    }
    return { error: toApiError(result.error), meta: result.meta };
  }
  const body = result.data;
  if (!isEnvelope(body)) {
    return { error: { status: 'PARSING_ERROR', message: 'Unexpected answer from the server.' }, meta: result.meta };
  }
  if (!body.success) {
    return {
      error: {
        status: body.code,
        message: body.message || fallbackMessage(body.code),
        ...(body.errors ? { errors: body.errors } : {}),
      },
      meta: result.meta,
    };
  }
  const token = (body as { token?: unknown }).token;
  return {
    data: body.data,
    meta: result.meta && { ...result.meta, message: body.message, ...(typeof token === 'string' ? { token } : {}) },
  };
};

export const api = createApi({
  reducerPath: 'api',
  baseQuery: envelopeBaseQuery,
  tagTypes,
  keepUnusedDataFor: 600,
  refetchOnMountOrArgChange: 300,
  refetchOnReconnect: true,
  endpoints: () => ({}),
});
