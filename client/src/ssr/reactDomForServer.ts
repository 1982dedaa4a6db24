// react-dom for the SSR build (vite.config.ts points the app's imports of 'react-dom' here):
// the server renderer cannot draw portals, and what the app portals (toasts, dialogs) sits
// outside the page's root and is never part of a first screen, so here a portal draws nothing.
export * from 'react-dom';

/** Draws nothing on the server (see above). */
export const createPortal = (): null => null;
