// The server draws the first screen of the pages shoppers land on (the home page, a listing, a
// product page: server/firstscreen.go) into <div id="first-screen">, inert, beside the app's
// empty #root, which global.css hides while the first screen is there. The app renders the
// whole page into #root from the data the page carried, and when the page has drawn what the
// first screen shows, takes over: the first screen goes and #root shows, in one step, at the
// same place. Pages without a first screen show at once.

import { useLayoutEffect } from 'react';

const firstScreenId = 'first-screen';

/** Whether this page load came with a first screen drawn by the server. */
export const cameWithFirstScreen = typeof document !== 'undefined' && document.getElementById(firstScreenId) !== null;

/** Shows the app in place of the server's first screen (nothing when there is none). */
export function showApp(): void {
  document.getElementById(firstScreenId)?.remove();
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
