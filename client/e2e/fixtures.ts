// The `test` every spec uses: Playwright's, whose `page` is kept from one test to the next in a
// worker and put back to a fresh visitor's state between them, instead of a new browser context
// and page for every test.
//
// Why: a new page costs its renderer's start and a first load, about 1.2 CPU-seconds more than
// loading a page of the shop in a page that already showed one (16 loads of a listing,
// 2026-11-27: 35-39 CPU-s in new pages, 15-20 in one page). Browser tests are most of make
// test's CPU, and make test is CPU-bound. Playwright's own `reuseContext` puts the page on
// about:blank and empties the HTTP cache between tests, which gives most of that back (37 vs 19).
//
// What a test leaves behind is undone before the next: other pages closed, listeners and routes
// removed, the shop's localStorage and sessionStorage emptied on a blank page of its origin
// (never sent to the shop), cookies cleared, the window's size put back, the mouse moved off the
// page. What cannot be undone (an init script, an exposed function, a faked clock, a websocket
// route, emulated media, extra headers, permissions, geolocation, offline) marks the page spent:
// so do a failure, a retry (whose trace wants a context of its own) and options other than the
// worker's; the next test then gets a new context. The HTTP cache is kept, as a returning
// shopper's browser keeps it: the shop's API answers no-store and its pages no-cache.
import { test as base, type Browser, type BrowserContext, type BrowserContextOptions, type Page } from '@playwright/test';

/** The page a worker keeps between tests, with the options its context was made with. */
interface Kept {
  key: string;
  context: BrowserContext;
  page: Page;
  viewport: BrowserContextOptions['viewport'];
  /** Whether the current test did something to the page that cannot be undone. */
  spent: { value: boolean };
}

/** An address on the shop's origin never sent to the shop: a blank page to empty its storage from. */
const blankPath = '/e2e-blank-page';

/** Methods whose effect outlives the test: calling one marks the page spent. */
const pageSpenders = ['addInitScript', 'exposeFunction', 'exposeBinding', 'routeWebSocket', 'emulateMedia', 'setExtraHTTPHeaders'] as const;
const contextSpenders = ['addInitScript', 'exposeFunction', 'exposeBinding', 'routeWebSocket', 'setExtraHTTPHeaders', 'grantPermissions', 'setGeolocation', 'setOffline'] as const;

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
  await page.removeAllListeners(undefined, { behavior: 'ignoreErrors' });
  await page.unrouteAll({ behavior: 'ignoreErrors' });
  await context.unrouteAll({ behavior: 'ignoreErrors' });
  if (baseURL) {
    await page.route(blankPath, (route) => route.fulfill({ contentType: 'text/html', body: '<!doctype html><title>blank</title>' }));
    await page.goto(new URL(blankPath, baseURL).href);
    await page.evaluate(() => {
      window.localStorage.clear();
      window.sessionStorage.clear();
    });
    await page.unroute(blankPath);
  }
  await context.clearCookies();
  if (kept.viewport) await page.setViewportSize(kept.viewport);
  await page.mouse.move(-1, -1);
  return true;
}

export const test = base.extend<object, { keptPage: { current?: Kept } }>({
  keptPage: [
    async ({}, use) => {
      const holder: { current?: Kept } = {};
      await use(holder);
      await holder.current?.context.close();
    },
    { scope: 'worker' },
  ],
  page: async ({ browser, keptPage, viewport, deviceScaleFactor, isMobile, hasTouch, userAgent, baseURL, reducedMotion, colorScheme, locale, timezoneId, javaScriptEnabled, contextOptions }, use, testInfo) => {
    const options: BrowserContextOptions = { ...contextOptions, viewport, deviceScaleFactor, isMobile, hasTouch, userAgent, baseURL, reducedMotion, colorScheme, locale, timezoneId, javaScriptEnabled };
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
    if (passed && testInfo.retry === 0 && !kept.spent.value && (await reset(kept, baseURL).catch(() => false))) {
      keptPage.current = kept;
      return;
    }
    await kept.context.close().catch(() => undefined);
  },
});
