// A toast kept for the next page load of this tab. Signing in reloads the page 100 ms later
// (SPEC §4), and 'Welcome {firstName}' should still greet the shopper after it.
import type { UnknownAction } from '@reduxjs/toolkit';
import { toastShown, type ToastRequest } from './toast';

export const flashStorageKey = 'flashToast';

/** Keeps `request` to be shown after the next page load. */
export function flashToast(request: ToastRequest): void {
  try {
    window.sessionStorage.setItem(flashStorageKey, JSON.stringify(request));
  } catch {
    // Without storage the toast is simply not shown after the reload.
  }
}

/** Shows the toast kept by flashToast, once. */
export function showFlashToast(dispatch: (action: UnknownAction) => unknown): void {
  try {
    const raw = window.sessionStorage.getItem(flashStorageKey);
    if (!raw) return;
    window.sessionStorage.removeItem(flashStorageKey);
    const request = JSON.parse(raw) as ToastRequest | null;
    if (typeof request?.message === 'string') dispatch(toastShown(request));
  } catch {
    // An unreadable kept toast is dropped.
  }
}
