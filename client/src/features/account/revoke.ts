// Signing out ends the session on the server too: POST /api/logout (and /api/admin/logout for
// a back-office token kept in this browser) revokes the token, so a copy of it stops working at
// once. Loaded only when someone signs out.
import type { AppDispatch } from '../../app/store';
import { authToken } from '../../lib/api';
import { adminApi } from './adminApi';
import { accountApi } from './api';

/**
 * Revokes the tokens this browser holds (the shopper's unless `shop` is false, and the back
 * office's); waits at most `waitMs` for the server, and never fails: signing out goes on anyway.
 */
export async function revokeTokens(dispatch: AppDispatch, { shop = true, waitMs = 3000 } = {}): Promise<void> {
  const calls: Promise<unknown>[] = [];
  if (shop && authToken('user')) calls.push(dispatch(accountApi.endpoints.logout.initiate()));
  if (authToken('admin')) calls.push(dispatch(adminApi.endpoints.adminLogout.initiate()));
  if (calls.length === 0) return;
  await Promise.race([Promise.allSettled(calls), new Promise((resolve) => window.setTimeout(resolve, waitMs))]);
}
