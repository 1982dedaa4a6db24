// The server draws the first screen of the pages shoppers land on (the home page, a listing, a
// product page: server/firstscreen.go) into <div id="first-screen">, inert, beside the app's
// empty #root, which global.css hides while the first screen is there. The app renders the
// whole page into #root from the data the page carried, and when the page has drawn what the
// first screen shows, takes over: the first screen goes and #root shows, in one step, at the
// same place. Pages without a first screen show at once. Until the app has taken over, the page
// is set in fallback fonts sized like the shop's own (global.css, <html data-fonts="later">):
// the server's screen and the app's page then lay out alike, and the largest thing the shopper
// sees first is not drawn again larger when the app takes over.

import { useLayoutEffect } from 'react';

const firstScreenId = 'first-screen';

/** Whether this page load came with a first screen drawn by the server. */
export const cameWithFirstScreen = document.getElementById(firstScreenId) !== null;

/**
 * Shows the app in place of the server's first screen (nothing when there is none), then lets
 * the shop's fonts in: until then the page is set in fallbacks sized like them (global.css,
 * <html data-fonts="later">), so the screen and the app lay out alike.
 */
export function showApp(): void {
  const firstScreen = document.getElementById(firstScreenId);
  if (!firstScreen) return;
  firstScreen.remove();
  requestAnimationFrame(() => setTimeout(() => delete document.documentElement.dataset.fonts, 0));
}

/**
 * What the server cannot see but a first screen depends on, told it in cookies (the session and
 * the guest cart live in local storage), written whenever they change: 'signed-in' while a
 * shopper is signed in, 'guest-cart' while the guest cart has lines. The server draws the cart
 * page only for a guest with an empty cart; a stale hint only means a page is not drawn.
 */
export function setFirstScreenHint(name: 'signed-in' | 'guest-cart', on: boolean): void {
  document.cookie = `${name}=${on ? '1;max-age=31536000' : ';max-age=0'};path=/`;
}

/**
 * How long the first screen may stay at most: should a page never say it is ready (a call that
 * fails slowly), the app shows anyway, loading states and all.
 */
export const firstScreenMaxMs = 5000;

/** A page with a first screen calls this: the app shows once `ready` (the page drew its content, or its error). */
export function useFirstScreenDone(ready: boolean): void {
  useLayoutEffect(() => {
    if (ready) showApp();
  }, [ready]);
}
