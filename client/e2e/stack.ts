// What browser tests share: acting on what a person sees (inView, seen, wholeInViewport), calls to the
// running shop's API, a shopper made through the API with an address and a piece in the cart, a
// second browser context for them, signing in to the back office, waiting for a socket's topic,
// screenshots, and an accessibility check (axe-core).
import AxeBuilder from '@axe-core/playwright';
import { expect, type APIRequestContext, type Browser, type BrowserContextOptions, type Locator, type Page, type TestInfo } from '@playwright/test';

/** What a person does to an element, which seen() lets happen only once it is in the viewport. */
const actions = new Set(['click', 'dblclick', 'tap', 'hover', 'fill', 'clear', 'pressSequentially', 'press', 'check', 'uncheck', 'setChecked', 'selectOption', 'setInputFiles', 'focus']);

/**
 * Brings `element` into the window the way a person would, if it is not there and a person could
 * scroll to it: every box between it and the window that clips it away is one a person can
 * scroll (overflow auto or scroll), and where the page itself must scroll, its scrolling is not
 * locked (overflow hidden on <html> or <body>, as an open dialog does). Playwright scrolls
 * whatever it must, locked or clipped, which a person cannot.
 */
function scrollToLikeAPerson(element: Element) {
  if (element.getClientRects().length === 0) throw new Error('not shown yet');
  const box = element.getBoundingClientRect();
  if (box.top >= 0 && box.left >= 0 && box.bottom <= window.innerHeight && box.right <= window.innerWidth) return;
  const clips = (value: string) => value === 'hidden' || value === 'clip';
  for (let ancestor = element.parentElement; ancestor && ancestor !== document.body && ancestor !== document.documentElement; ancestor = ancestor.parentElement) {
    const style = getComputedStyle(ancestor);
    const outer = ancestor.getBoundingClientRect();
    const outX = box.left < outer.left || box.right > outer.right;
    const outY = box.top < outer.top || box.bottom > outer.bottom;
    if ((outX && clips(style.overflowX)) || (outY && clips(style.overflowY))) return;
    // A fixed layer (a dialog) does not move with the page: only the boxes inside it scroll.
    if (style.position === 'fixed') {
      element.scrollIntoView({ block: 'center', inline: 'nearest' });
      return;
    }
  }
  const outX = box.left < 0 || box.right > window.innerWidth;
  const outY = box.top < 0 || box.bottom > window.innerHeight;
  for (const root of [document.documentElement, document.body]) {
    const style = getComputedStyle(root);
    if ((outX && clips(style.overflowX)) || (outY && clips(style.overflowY))) return;
  }
  element.scrollIntoView({ block: 'center', inline: 'nearest' });
}

/**
 * inView asserts `locator` is inside the viewport as a person would come to see it: once it is
 * shown, it is scrolled into view only where a person could scroll to it (scrollToLikeAPerson:
 * not in a box that clips it, not on a page whose scrolling an open dialog has locked), and with
 * { scroll: false } not at all (it must be in view already). Playwright's own actions scroll an
 * element into view by any means, so a test that clicks without this passes on a button a
 * person never sees: a dialog drawn below a locked page, say.
 */
export async function inView(locator: Locator, { scroll = true, timeout, message }: { scroll?: boolean; timeout?: number; message?: string } = {}) {
  const what = message ?? `${locator} in the viewport`;
  if (scroll) {
    // Again if the page draws the element anew meanwhile (the app taking over the first screen)
    // or moves it away (a new screen scrolling itself to the top): a person scrolls again. Once
    // seen in view it was seen: a second look could miss a toast that ran out meanwhile.
    // Up to 20 s: a toast flashed after a page reload (signing out) waits for the server, the
    // reload and the app's start, which took over 10 s on a loaded 2-core machine.
    await expect(async () => {
      await locator.evaluate(scrollToLikeAPerson, undefined, { timeout: 4_000 });
      await expect(locator, what).toBeInViewport({ timeout: 2_000 });
    }).toPass({ timeout: timeout ?? 20_000 });
    return;
  }
  await expect(locator, what).toBeInViewport({ timeout });
}

/**
 * clickAndSee clicks `target` as a person does (seen) and asserts `shown` comes into view,
 * looked for from the click on, as a person watching the window sees it: a toast shows for four
 * seconds, which a click that takes long to return (a sign-in reloading the page on a loaded
 * machine) could otherwise outlast.
 */
export async function clickAndSee(target: Locator, shown: Locator) {
  await Promise.all([inView(shown), seen(target).click()]);
}

/**
 * seen is `locator` for a person: its actions (click, fill, check, selectOption, press…) first
 * assert, with inView, that the element is in the viewport.
 * `await seen(page.getByRole('button', { name: 'Save' })).click()`.
 */
export function seen(locator: Locator, { scroll = true } = {}): Locator {
  return new Proxy(locator, {
    get(target, property) {
      const value: unknown = Reflect.get(target, property, target);
      if (typeof value !== 'function') return value;
      if (typeof property !== 'string' || !actions.has(property)) return value.bind(target);
      return async (...args: unknown[]) => {
        await inView(target, { scroll });
        return value.apply(target, args);
      };
    },
  });
}

/**
 * appStarted waits until the app has taken over the server's first screen (`#first-screen`), a
 * still copy that takes no gesture and carries no test ids: up to 15 s, as a loaded 2-core
 * machine starts the app late (a listing's cards were not the app's after 7 s in one run).
 */
export async function appStarted(page: Page) {
  await expect(page.locator('#first-screen')).toHaveCount(0, { timeout: 15_000 });
}

/**
 * openInApp opens `path` inside the shop's app already running in `page`, as its links do
 * (history.pushState, which the router follows), and returns once the new screen is drawn and
 * has nothing left loading. A page loaded and started anew costs the browser about a CPU-second,
 * a move inside the app about a third of that (a Playwright script, 12 of each, 2026-11-28), so a
 * test moves this way where the screen, not its load, is the subject; a test of a load (a deep
 * link, the server's first screen, a mail's link) or of data the server changed behind the page
 * (which the app's cache may still hold) keeps page.goto.
 */
export async function openInApp(page: Page, path: string) {
  // The app, not the server's first screen, has to be showing: that screen's heading and address
  // would read as the old screen's, and only the app moves.
  await appStarted(page);
  // The new screen is known by its canonical address, which the storefront's shell writes as it
  // draws a screen (RootLayout's resetPageHead), or by its main heading in the back office, which
  // writes none; a screen whose code or data is still coming shows "Loading..." until it is drawn.
  const screen = () =>
    page.evaluate(() => `${document.querySelector('link[rel="canonical"]')?.getAttribute('href') ?? ''} ${document.querySelector('main h1, [role="main"] h1')?.textContent ?? ''}`);
  const before = await screen();
  await page.evaluate((to) => window.history.pushState(null, '', to), path);
  await expect(page).toHaveURL(new URL(path, page.url()).href);
  await expect.poll(screen, { message: `the screen at ${path} has replaced the one before`, timeout: 15_000 }).not.toBe(before);
  await expect(page.getByRole('main'), `the screen at ${path} has loaded`).not.toContainText('Loading...', { timeout: 15_000 });
}

/**
 * scrollToEnd scrolls to the end of the page as a person would (the End key's effect), until the
 * footer is there: its code loads only when its place comes into view.
 */
export async function scrollToEnd(page: Page) {
  await expect(async () => {
    await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
    await expect(page.getByRole('contentinfo')).toBeAttached({ timeout: 1_000 });
  }).toPass({ timeout: 10_000 });
}

/** Asserts `element` (an open dialog, say) is wholly inside the viewport, its every edge in the window. */
export async function wholeInViewport(page: Page, element: Locator) {
  await expect(element).toBeInViewport({ ratio: 1 });
  const viewport = page.viewportSize()!;
  await expect
    .poll(
      async () => {
        const box = await element.boundingBox();
        if (!box) return 'not drawn';
        const inside = box.x >= -0.5 && box.y >= -0.5 && box.x + box.width <= viewport.width + 0.5 && box.y + box.height <= viewport.height + 0.5;
        return inside ? 'inside' : `at ${Math.round(box.x)},${Math.round(box.y)} size ${Math.round(box.width)}×${Math.round(box.height)}`;
      },
      { message: `${element} inside the ${viewport.width}×${viewport.height} viewport` },
    )
    .toBe('inside');
}

/** A size chip in stock by its name ("M"; a sold-out one is "M, sold out" and offers the back-in-stock form). */
export const inStockSize = /^[^,]+$/;

export const admin = { email: process.env.ADMIN_EMAIL ?? 'admin@drape.local', password: process.env.ADMIN_PASSWORD ?? 'drape-admin-2026' };

/** A made-up client address for an API sign-up, which the browser-test stack trusts, so the
 * suite's many sign-ups do not all count against one address's limit. */
export function someAddress(): Record<string, string> {
  const part = () => Math.floor(Math.random() * 250) + 1;
  return { 'X-Forwarded-For': `10.${part()}.${part()}.${part()}` };
}

/** A call to the shop's API that must succeed; its envelope. */
export async function call<T>(request: APIRequestContext, method: 'GET' | 'POST', path: string, token?: string, data?: unknown, headers = {}) {
  const answer = await request.fetch(path, { method, data, headers: { ...(token ? { Authorization: `Bearer ${token}` } : {}), ...headers } });
  const body = await answer.text();
  expect(answer.ok(), `${method} ${path} → ${answer.status()} ${body}`).toBe(true);
  return JSON.parse(body) as { message: string; data: T; token?: string };
}

/**
 * Whether the tests save screenshots for people to look at: yes, unless E2E_SCREENSHOTS=off,
 * which make test sets (nobody looks at a test run's pictures). catalog.spec and checkout.spec
 * at both widths, A/B in turns (2026-11-27): 280 and 297 CPU-s with them, 245 and 241 without;
 * a full phone-width listing at device scale 2 alone costs 1.4 CPU-s. A failing test keeps its
 * own screenshot either way (playwright.config.ts).
 */
const screenshotsWanted = process.env.E2E_SCREENSHOTS !== 'off';

/**
 * A screenshot under test-results/screenshots/ (name-width.png), attached to the report, once
 * fonts and pictures are in: of the full page from its top (lazy pictures further down are
 * loaded first), or of the window only. Whether or not the picture is taken (E2E_SCREENSHOTS),
 * the pictures in the window must have loaded, and a full page is scrolled back to its top, so a
 * test does the same either way.
 */
export async function screenshot(page: Page, testInfo: TestInfo, name: string, { fullPage = true } = {}) {
  const all = screenshotsWanted && fullPage;
  if (all) {
    await page.evaluate(() => document.querySelectorAll('img').forEach((image) => { image.loading = 'eager'; }));
  }
  await expect
    .poll(
      () =>
        page.evaluate(
          (all) =>
            Array.from(document.images)
              .filter((image) => all || (image.getBoundingClientRect().bottom > 0 && image.getBoundingClientRect().top < window.innerHeight))
              .every((image) => image.complete),
          all,
        ),
      { message: 'images loaded' },
    )
    .toBe(true);
  if (fullPage) await page.evaluate(() => window.scrollTo({ top: 0, behavior: 'instant' }));
  if (!screenshotsWanted) return;
  await page.evaluate(() => document.fonts.ready);
  const width = page.viewportSize()?.width ?? 0;
  const path = `test-results/screenshots/${name}-${width}.png`;
  await page.screenshot({ path, fullPage, animations: 'disabled' });
  await testInfo.attach(`${name}-${width}`, { path, contentType: 'image/png' });
}

/**
 * Back-office sessions signed in through the API, one per account and worker: each sign-in
 * checks an argon2id hash on the server (about half a second of CPU on a loaded 2-core box),
 * so the tests of a worker share one. Only tests that never sign out use these (openBackOffice);
 * a test that signs out revokes its token and signs in through the form (signInToBackOffice).
 */
const backOfficeSessions = new Map<string, Promise<{ token: string; user: unknown }>>();

/** An address on the shop's origin that is never sent to the shop: a blank page to write its storage from. */
const blankPath = '/e2e-blank-page';

/**
 * keepInStorage writes `items` into the shop's localStorage in `page`'s browser, as a browser
 * that kept them from an earlier visit has them: the next page the test opens starts with them.
 * They are written from a blank page on the shop's origin that never reaches the shop, so no
 * page of the shop is loaded and started for it (about a CPU-second each).
 */
export async function keepInStorage(page: Page, items: Record<string, string>) {
  await openBlankPage(page);
  await page.evaluate((entries) => {
    for (const [key, value] of entries) window.localStorage.setItem(key, value);
  }, Object.entries(items));
}

/** openBlankPage opens in `page` the blank page on the shop's origin (blankPath), whose storage is the shop's. */
export async function openBlankPage(page: Page, { timeout }: { timeout?: number } = {}) {
  await page.route(blankPath, (route) => route.fulfill({ contentType: 'text/html', body: '<!doctype html><title>blank</title>' }));
  await page.goto(blankPath, { timeout });
  await page.unroute(blankPath);
}

/** keepShopperSignedIn keeps `shopper`'s session where signing in keeps it (localStorage token and user). */
export function keepShopperSignedIn(page: Page, shopper: { token: string; user: unknown }) {
  return keepInStorage(page, { token: shopper.token, user: JSON.stringify(shopper.user) });
}

/** openSignedIn opens `path` in `page` as `shopper`, signed in on an earlier visit. */
export async function openSignedIn(page: Page, shopper: { token: string; user: unknown }, path: string) {
  await keepShopperSignedIn(page, shopper);
  await page.goto(path);
}

/**
 * Opens the back office signed in as `as` (the admin unless told) at the screen `at` (the
 * dashboard unless told), as a person whose browser kept the session from an earlier visit and
 * opens a bookmark: the token and user are where the shop keeps them (localStorage adminToken
 * and adminUser, features/account/adminSlice.ts), and the screen is the one page loaded, not a
 * second load after the dashboard's (each load is about a CPU-second of the browser's).
 * The sign-in form itself is tested through the form (signInToBackOffice, account.spec.ts).
 */
export async function openBackOffice(page: Page, { as: who = admin, at = '/admin/dashboard' }: { as?: { email: string; password: string }; at?: string } = {}) {
  let session = backOfficeSessions.get(who.email);
  if (!session) {
    session = (async () => {
      const answer = await page.request.post('/api/admin/login', { data: who });
      const body = await answer.text();
      expect(answer.ok(), `POST /api/admin/login → ${answer.status()} ${body}`).toBe(true);
      const { token, data } = JSON.parse(body) as { token: string; data: unknown };
      return { token, user: data };
    })();
    backOfficeSessions.set(who.email, session);
    session.catch(() => backOfficeSessions.delete(who.email));
  }
  const { token, user } = await session;
  await keepInStorage(page, { adminToken: token, adminUser: JSON.stringify(user) });
  await page.goto(at);
  // The guard lets the kept session in: the address stays the one asked for.
  await expect(page).toHaveURL(new URL(at, page.url()).href);
}

/** Signs `page` in to the back office through its sign-in form; it lands on the dashboard. */
export async function signInToBackOffice(page: Page, who: { email: string; password: string } = admin) {
  await page.goto('/adminlogin');
  await seen(page.getByLabel('Email')).fill(who.email);
  await seen(page.getByLabel('Password', { exact: true })).fill(who.password);
  await seen(page.getByRole('button', { name: 'Sign in' })).click();
  await expect(page).toHaveURL(/\/admin\/dashboard$/);
}

/** Signs out of the back office as a person does: Sign out, then the sign-in page (the token is revoked on the server first). */
export async function signOutOfBackOffice(page: Page) {
  await seen(page.getByRole('button', { name: 'Sign out' })).click();
  await expect(page).toHaveURL(/\/adminlogin$/);
}

/** A back-office token for `who`, through the API. */
export async function backOfficeToken(request: APIRequestContext, who: { email: string; password: string } = admin): Promise<string> {
  return (await call<unknown>(request, 'POST', '/api/admin/login', undefined, who)).token!;
}

export interface Shopper {
  email: string;
  token: string;
  user: unknown;
}

/** A shopper with an address and one piece in the cart, ready to order; all through the API. */
export async function shopperWithCart(request: APIRequestContext, testInfo: TestInfo): Promise<{ shopper: Shopper; address: string }> {
  const email = `e2e-${testInfo.project.name}-${Date.now()}-${Math.floor(Math.random() * 1e4)}@example.com`;
  const registered = await call<unknown>(request, 'POST', '/api/register', undefined, { firstName: 'Kavya Iyer', email, password: 'tailored-2026' }, someAddress());
  const shopper = { email, token: registered.token!, user: registered.data };
  const address = await call<{ _id: string }>(request, 'POST', '/api/addAddress', shopper.token, {
    firstName: 'Kavya',
    lastName: 'Iyer',
    email,
    phone: '9812345670',
    address1: '14 Lake View Road',
    address2: 'Alwarpet',
    landmark: '',
    city: 'Chennai',
    state: 'Tamil Nadu',
    pincode: '600018',
    type: 'home',
    isDefault: true,
  });
  const products = await call<{ items: { _id: string; sizes: { size: string; stock: number }[] }[] }>(request, 'GET', '/api/getproduct?limit=48');
  const choice = products.data.items.flatMap((product) => product.sizes.filter((size) => size.stock >= 3).map((size) => ({ product, size })))[0];
  expect(choice, 'a size in stock').toBeTruthy();
  await call(request, 'POST', '/api/addToCart', shopper.token, { productId: choice!.product._id, size: choice!.size.size, quantity: 1 });
  return { shopper, address: address.data._id };
}

/** A second browser context like the test's own (viewport, device), signed in as the shopper. */
export async function shopperPage(browser: Browser, testInfo: TestInfo, shopper: Shopper): Promise<Page> {
  const { viewport, deviceScaleFactor, isMobile, hasTouch, userAgent, baseURL } = testInfo.project.use;
  const options: BrowserContextOptions = { viewport, deviceScaleFactor, isMobile, hasTouch, userAgent, baseURL };
  const context = await browser.newContext(options);
  const page = await context.newPage();
  await keepShopperSignedIn(page, shopper);
  return page;
}

/** Resolves once the page's socket is granted a topic `wanted` accepts; call before the page opens it. */
export function subscribedTo(page: Page, wanted: (topic: string) => boolean): Promise<void> {
  return new Promise((resolve) => {
    page.on('websocket', (socket) => {
      socket.on('framereceived', ({ payload }) => {
        try {
          const message = JSON.parse(String(payload));
          if (message.type === 'subscribed' && Array.isArray(message.topics) && message.topics.some(wanted)) resolve();
        } catch {
          // Not JSON: not ours.
        }
      });
    });
  });
}

/** The axe-core tags a screen is checked against: WCAG 2.0 A and AA, and WCAG 2.1 AA. */
const wcagTags = ['wcag2a', 'wcag2aa', 'wcag21aa'];

/**
 * expectNoSeriousA11yViolations runs axe-core on `page` as it stands (WCAG 2.0 A/AA and 2.1 AA)
 * and fails on any serious or critical violation, listing each as its impact, rule, the element
 * (axe's selector) and what is wrong, under `what` (the screen's name; its address unless told).
 * With { soft: true } the test goes on to its next screen and fails at its end; with
 * { contrast: false } colour contrast (the costly rule, the same at every width) is left out.
 */
export async function expectNoSeriousA11yViolations(page: Page, what = new URL(page.url()).pathname, { soft = false, contrast = true } = {}) {
  // axe-core's source (half a megabyte) is put into a document once: a screen reached inside the
  // app (a link, not a reload) is checked without it again. Legacy mode runs axe in the page
  // itself; the default opens a blank page per check to finish the run (seconds each on a loaded
  // machine), which only pages with cross-origin frames need.
  // The screen as a person sees it once it is still: axe would measure a fading dialog's text at
  // the frame's opacity. The tests ask for reduced motion, under which the shop animates nothing
  // (global.css), so this waits only if an animation slipped past that (for 5 s at most).
  await page.evaluate(() =>
    Promise.race([
      Promise.all(document.getAnimations().map((animation) => animation.finished.catch(() => undefined))),
      new Promise((resolve) => setTimeout(resolve, 5_000)),
    ]),
  );
  const injected = await page.evaluate(() => typeof (window as { axe?: { run?: unknown } }).axe?.run === 'function');
  const { violations } = await new AxeBuilder({ page, axeSource: injected ? 'void 0' : undefined })
    .setLegacyMode()
    .withTags(wcagTags)
    .disableRules(contrast ? [] : ['color-contrast'])
    .options({ resultTypes: ['violations'] })
    .analyze();
  const found = violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .flatMap((violation) =>
      violation.nodes.map((node) => `${violation.impact} ${violation.id} at ${node.target.join(' ')}: ${(node.failureSummary ?? violation.help).replace(/\s+/g, ' ')}`),
    );
  (soft ? expect.soft : expect)(found, `serious or critical accessibility violations on ${what} at ${page.viewportSize()?.width} px`).toEqual([]);
}
