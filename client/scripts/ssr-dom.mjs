// A browser-like global scope (jsdom) for running the app's SSR build in Node: the app's modules
// read the document (<meta> data), storage and media queries as they load. React and Redux
// Toolkit run their production builds, as in a shopper's browser (the SSR build leaves them
// external, and Node picks the build by NODE_ENV).
import { JSDOM } from 'jsdom';

process.env.NODE_ENV ??= 'production';

const dom = new JSDOM('<!doctype html><html lang="en-IN"><head></head><body></body></html>', { url: 'http://localhost/' });
const { window } = dom;
window.matchMedia = (query) => ({ matches: false, media: query, addEventListener() {}, removeEventListener() {}, addListener() {}, removeListener() {}, onchange: null, dispatchEvent: () => false });
for (const name of ['window', 'document', 'navigator', 'localStorage', 'sessionStorage', 'location', 'HTMLElement', 'Node', 'Element', 'matchMedia', 'getComputedStyle', 'requestAnimationFrame', 'cancelAnimationFrame', 'MutationObserver', 'CustomEvent', 'DOMParser']) {
  if (name in window) Object.defineProperty(globalThis, name, { value: window[name], configurable: true, writable: true });
}

/** The document the app's modules see. */
export const ssrDocument = window.document;

/** Closes the document's window (its timers and handles), for a script that is done with it. */
export const closeDom = () => window.close();
