// Toasts kept for the next page load of this tab. Signing in reloads the page 100 ms later
// (SPEC §4), and 'Welcome {firstName}' (and any note about the merged cart) should still show
// after it.
import type { UnknownAction } from '@reduxjs/toolkit';
import { flashStorageKey, toastShown, type ToastRequest } from './toast';

export { flashStorageKey };

function kept(): ToastRequest[] {
  try {
    const parsed: unknown = JSON.parse(window.sessionStorage.getItem(flashStorageKey) ?? '[]');
    const list = Array.isArray(parsed) ? parsed : [parsed];
    return list.filter((request): request is ToastRequest => typeof (request as ToastRequest | null)?.message === 'string');
  } catch {
    return [];
  }
}

/** Keeps `request` to be shown after the next page load, after any kept before it. */
export function flashToast(request: ToastRequest): void {
  try {
    window.sessionStorage.setItem(flashStorageKey, JSON.stringify([...kept(), request]));
  } catch {
    // Without storage the toast is simply not shown after the reload.
  }
}

/** Shows the toasts kept by flashToast, once. */
export function showFlashToast(dispatch: (action: UnknownAction) => unknown): void {
  const requests = kept();
  try {
    window.sessionStorage.removeItem(flashStorageKey);
  } catch {
    return;
  }
  for (const request of requests) dispatch(toastShown(request));
}
