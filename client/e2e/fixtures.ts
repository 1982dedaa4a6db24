// The `test` every spec uses: Playwright's, whose `page` is kept from one test to the next in a
// worker and put back to a fresh visitor's state between them, instead of a new browser context
// and page for every test.
//
// Why: a new page costs its renderer's start, about 1 CPU-second before it shows anything.
// Browser tests are most of make test's CPU, and make test is CPU-bound. 16 tests loading a
// page each (2026-11-27): 54-55 CPU-s with a new page per test, 38-40 with the kept one, 46-49
// with Playwright's own `reuseContext`, which puts the page on about:blank and empties the HTTP
// cache between tests, so the renderer starts again.
//
// What a test leaves behind is undone before the next: other pages closed, listeners and routes
// removed, the shop's localStorage and sessionStorage emptied on a blank page of its origin
// (never sent to the shop), cookies cleared, the window's size put back, the mouse moved off the
// page (kept-page.spec.ts). What cannot be undone (an init script, an exposed function, a faked
// clock, a websocket route, emulated media, extra headers, permissions, geolocation, offline, a
// locator handler, a default timeout) marks the page spent; so do a failure, a retry (whose
// trace wants a context of its own), options other than the kept context's, and a reset that
// fails or takes over 15 s. The next test then gets a new context. The HTTP cache is kept, as a
// returning shopper's browser keeps it: the shop's API answers no-store and its pages no-cache.
import { test as base, type Browser, type BrowserContext, type BrowserContextOptions, type Page } from '@playwright/test';
import { openBlankPage } from './stack';

/** The page a worker keeps between tests, with the options its context was made with. */
interface Kept {
  key: string;
  context: BrowserContext;
  page: Page;
  viewport: BrowserContextOptions['viewport'];
  /** Whether the current test did something to the page that cannot be undone. */
  spent: { value: boolean };
}

/** Methods whose effect outlives the test: calling one marks the page spent. */
const pageSpenders = ['addInitScript', 'exposeFunction', 'exposeBinding', 'routeWebSocket', 'emulateMedia', 'setExtraHTTPHeaders', 'addLocatorHandler', 'setDefaultTimeout', 'setDefaultNavigationTimeout'] as const;
const contextSpenders = ['addInitScript', 'exposeFunction', 'exposeBinding', 'routeWebSocket', 'setExtraHTTPHeaders', 'grantPermissions', 'setGeolocation', 'setOffline', 'setDefaultTimeout', 'setDefaultNavigationTimeout'] as const;

/** How long putting the page back may take before it is given up and its context closed. */
const resetTimeout = 15_000;

/** Marks `target` so that calling any of `names` (or touching its clock) sets spent.value. */
function watchSpending(target: Page | BrowserContext, names: readonly string[], spent: { value: boolean }) {
  const methods = target as unknown as Record<string, (...args: unknown[]) => unknown>;
  for (const name of names) {
    const original = methods[name];
    methods[name] = (...args: unknown[]) => {
      spent.value = true;
      return original.apply(target, args);
    };
  }
  const clock = target.clock;
  Object.defineProperty(target, 'clock', {
    configurable: true,
    get() {
      spent.value = true;
      return clock;
    },
  });
}

/** A new context and page made with `options`, watched for what would spend them. */
async function open(browser: Browser, key: string, options: BrowserContextOptions): Promise<Kept> {
  const context = await browser.newContext(options);
  const page = await context.newPage();
  const spent = { value: false };
  watchSpending(page, pageSpenders, spent);
  watchSpending(context, contextSpenders, spent);
  return { key, context, page, viewport: options.viewport, spent };
}

/** Puts the kept page back to a fresh visitor's state; false when that could not be done. */
async function reset(kept: Kept, baseURL: string | undefined): Promise<boolean> {
  const { context, page } = kept;
  if (page.isClosed()) return false;
  for (const other of context.pages()) if (other !== page) await other.close();
  // Not 'ignoreErrors': that would leave the page ignoring every later listener's error too.
  page.removeAllListeners();
  await page.unrouteAll({ behavior: 'ignoreErrors' });
  await context.unrouteAll({ behavior: 'ignoreErrors' });
  if (baseURL) {
    await openBlankPage(page, { timeout: resetTimeout });
    await page.evaluate(() => {
      window.localStorage.clear();
      window.sessionStorage.clear();
    });
  }
  await context.clearCookies();
  const size = page.viewportSize();
  if (kept.viewport && (size?.width !== kept.viewport.width || size?.height !== kept.viewport.height)) await page.setViewportSize(kept.viewport);
  await page.mouse.move(-1, -1);
  return true;
}

/** reset, given up (false) when it fails or takes longer than resetTimeout. */
async function resetInTime(kept: Kept, baseURL: string | undefined): Promise<boolean> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const late = new Promise<false>((resolve) => {
    timer = setTimeout(() => resolve(false), resetTimeout);
  });
  try {
    return await Promise.race([reset(kept, baseURL).catch(() => false), late]);
  } finally {
    clearTimeout(timer);
  }
}

export const test = base.extend<object, { keptPage: { current?: Kept } }>({
  keptPage: [
    async ({ browser }, use) => {
      const holder: { current?: Kept } = {};
      await use(holder);
      if (browser.isConnected()) await holder.current?.context.close().catch(() => undefined);
    },
    { scope: 'worker' },
  ],
  // Every context option Playwright's own `page` is made with (its _combinedContextOptions):
  // a test.use() of any of them gets a context made with it, not the kept one.
  page: async (
    { browser, keptPage, acceptDownloads, bypassCSP, clientCertificates, colorScheme, contrast, deviceScaleFactor, extraHTTPHeaders, forcedColors, hasTouch, geolocation, httpCredentials, ignoreHTTPSErrors, isMobile, javaScriptEnabled, locale, offline, permissions, proxy, reducedMotion, screen, storageState, viewport, timezoneId, userAgent, baseURL, contextOptions, serviceWorkers },
    use,
    testInfo,
  ) => {
    const given: BrowserContextOptions = { acceptDownloads, bypassCSP, clientCertificates, colorScheme, contrast, deviceScaleFactor, extraHTTPHeaders, forcedColors, hasTouch, geolocation, httpCredentials, ignoreHTTPSErrors, isMobile, javaScriptEnabled, locale, offline, permissions, proxy, reducedMotion, screen, storageState, viewport, timezoneId, userAgent, baseURL, serviceWorkers };
    const options: BrowserContextOptions = { ...contextOptions, ...Object.fromEntries(Object.entries(given).filter(([, value]) => value !== undefined)) };
    const key = JSON.stringify(options);
    if (testInfo.retry > 0 || keptPage.current?.key !== key || keptPage.current.page.isClosed()) {
      await keptPage.current?.context.close().catch(() => undefined);
      keptPage.current = undefined;
    }
    const kept = keptPage.current ?? (await open(browser, key, options));
    keptPage.current = undefined; // kept again only once the test is over and undone
    kept.spent.value = false;
    await use(kept.page);
    const passed = testInfo.status === testInfo.expectedStatus;
    if (passed && testInfo.retry === 0 && !kept.spent.value && (await resetInTime(kept, baseURL))) {
      keptPage.current = kept;
      return;
    }
    await kept.context.close().catch(() => undefined);
  },
});
