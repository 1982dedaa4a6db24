import { randomUUID } from 'node:crypto';
import { expect, type Page } from '@playwright/test';
import { test } from './fixtures';
import { call, expectNoSeriousA11yViolations, inStockSize, inView, openBackOffice, openInApp, scrollToEnd, seen, shopperPage, shopperWithCart } from './stack';

// Issue 21: axe-core finds no serious or critical violation (WCAG 2.0 A/AA, 2.1 AA) on any
// screen: the storefront's at 1280 and 390 px (the desktop and mobile projects), the back
// office's at 1280 and 1440 px (the desktop project). One page per role walks every screen, so
// the whole check costs a few page loads, not a browser each; every screen's violations are
// listed (soft), each as its rule, element and what is wrong, under the screen's name.

/** Opens `path` and waits until its heading is shown and nothing is still loading. */
async function open(page: Page, path: string, heading: Parameters<Page['getByRole']>[1] = {}) {
  await page.goto(path);
  await settled(page, heading);
}

/** Opens `path` inside the app already running (openInApp) and waits as open does. */
async function visit(page: Page, path: string, heading: Parameters<Page['getByRole']>[1] = {}) {
  await openInApp(page, path);
  await settled(page, heading);
}

/** Waits until the screen's heading is shown and nothing is still loading. */
async function settled(page: Page, heading: Parameters<Page['getByRole']>[1] = {}) {
  await inView(page.getByRole('main').getByRole('heading', heading).first(), { scroll: false, timeout: 30_000 });
  await expect(page.getByRole('main')).not.toContainText('Loading...', { timeout: 10_000 });
  await expect(page.getByRole('main')).not.toContainText(/could not be loaded/);
}

async function check(page: Page, what: string, { contrast = true } = {}) {
  await expectNoSeriousA11yViolations(page, what, { soft: true, contrast });
}

// The storefront's walks and each width of the back office's are tests of their own, on the two
// workers at once: axe takes seconds on a screen with a long table while the machine is busy.
test.describe.configure({ mode: 'parallel' });

test('a guest’s storefront screens have no serious or critical accessibility violation', async ({ page, request }) => {
  test.setTimeout(240_000);
  // The home page to its footer (and on a phone its menu), the listings, search, a product, the
  // quick view and cart drawer, the sign-in and the shop's pages.
  await open(page, '/');
  await scrollToEnd(page);
  await check(page, 'home');
  if (page.viewportSize()!.width < 600) {
    await seen(page.getByRole('button', { name: 'Open menu' }), { scroll: false }).click();
    await inView(page.getByRole('navigation', { name: 'Mobile' }).getByRole('link').first(), { scroll: false });
    await check(page, 'phone menu');
  }
  await visit(page, '/shop');
  await check(page, 'listing');
  const card = page.getByTestId('product-card').filter({ hasNot: page.getByText('Out of Stock') }).first();
  const name = (await card.getByRole('heading').textContent())!.trim();
  await seen(card).hover();
  await seen(card.getByRole('button', { name: `Quick view: ${name}` })).click();
  const quickView = page.getByRole('dialog', { name });
  await inView(quickView);
  await expect(quickView.getByRole('radio').first()).toBeAttached();
  await check(page, 'quick view');
  await seen(quickView.getByRole('radio', { name: inStockSize }).first()).check();
  await seen(quickView.getByRole('button', { name: 'Add to cart' })).click();
  const drawer = page.getByRole('dialog', { name: 'Your cart' });
  await inView(drawer);
  await check(page, 'cart drawer');
  await page.keyboard.press('Escape');
  await expect(drawer).toBeHidden();
  await visit(page, '/guestcart');
  await check(page, 'guest cart with a piece');
  await visit(page, '/sale');
  await check(page, 'sale');
  await visit(page, '/search?q=shirt');
  await check(page, 'search results');
  await visit(page, '/search?q=qwertyuiop');
  await check(page, 'search without results');
  const products = await call<{ items: { _id: string }[] }>(request, 'GET', '/api/getproduct?limit=1');
  await visit(page, `/api/getproduct/${products.data.items[0]!._id}`);
  await check(page, 'product');
  for (const [path, what] of [
    ['/login', 'sign-in'],
    ['/signup', 'sign-up'],
    ['/aboutus', 'about us'],
    ['/contactus', 'contact'],
    ['/shippingpolicy', 'shipping policy'],
    ['/returns', 'returns policy'],
    ['/returnpolicydetails', 'privacy policy'],
    ['/privacy', 'privacy notice'],
    ['/grievance', 'complaint form'],
    ['/grievance/status', 'complaint status'],
    ['/terms-conditions', 'terms'],
    ['/track', 'track an order'],
    ['/no-such-page/at-all', 'not found'],
  ]) {
    await visit(page, path!);
    await check(page, what!);
  }
});

test('a shopper’s screens have no serious or critical accessibility violation', async ({ browser, request }, testInfo) => {
  test.setTimeout(240_000);
  // Signed in: the cart, checkout, the order-status page, the empty cart, tracking and the account pages.
  const { shopper } = await shopperWithCart(request, testInfo);
  const own = await shopperPage(browser, testInfo, shopper);
  await open(own, '/cart');
  await check(own, 'cart with a piece');
  await visit(own, '/checkout');
  await check(own, 'checkout');
  await seen(own.getByRole('region', { name: 'Checkout' }).getByRole('button', { name: /^Make Payment/ })).click();
  await expect(own).toHaveURL(/\/thankyou$/);
  await inView(own.getByRole('heading', { level: 1, name: 'Thank-you' }), { scroll: false });
  const number = (await own.getByText(/^Order number/).locator('strong').textContent())!.trim();
  await expect(own.getByRole('list', { name: `Items in order ${number}` })).toBeAttached();
  await inView(own.getByRole('region', { name: 'Notifications' }).getByRole('status').filter({ hasText: 'Order placed successfully!' }), { scroll: false });
  await check(own, 'order status (thank-you)');
  const placed = await call<{ items: { orderId: string }[] }>(request, 'GET', '/api/getallorder', shopper.token);
  const tracking = `/trackid/${placed.data.items[0]!.orderId}`;
  // Loaded anew: the cart as the server keeps it once the order has taken its piece.
  await open(own, '/cart');
  await check(own, 'empty cart');
  for (const [path, what] of [
    ['/user/dashboard', 'account dashboard'],
    ['/user/orders', 'my orders'],
    ['/user/addresses', 'addresses'],
    ['/user/accountdetails', 'account details'],
    ['/user/wishlist', 'wishlist'],
    ['/user/userreviews', 'my reviews'],
    ['/user/couponcodes', 'my coupons'],
    [tracking, 'order tracking'],
  ]) {
    await visit(own, path!);
    await check(own, what!);
  }
  await own.context().close();
});

for (const width of [1280, 1440]) {
  test(`the back office’s screens have no serious or critical accessibility violation at ${width} px`, { tag: '@desktop' }, async ({ page, request }, testInfo) => {
    test.setTimeout(420_000);
    await page.setViewportSize({ width, height: 900 });
    // Colours do not change with the width, and contrast is most of axe's time on a long table:
    // it is checked at 1280 px; 1440 px checks the rest (names, roles, structure, focus).
    const contrast = width === 1280;
    const { shopper, address } = await shopperWithCart(request, testInfo);
    const placed = await call<{ _id: string }>(request, 'POST', '/api/createOrder', shopper.token, { paymentMode: 'cod', address }, { 'Idempotency-Key': randomUUID() });
    const products = await call<{ items: { _id: string }[] }>(request, 'GET', '/api/getproduct?limit=1');
    const product = products.data.items[0]!._id;

    await openBackOffice(page);
    // The side navigation's screens as staff reach them, by its links (the app stays loaded).
    const nav = page.getByRole('navigation', { name: 'Back office' });
    await inView(nav.getByRole('link').first(), { timeout: 30_000 });
    const labels = (await nav.getByRole('link').allTextContents()).map((label) => label.trim());
    expect(labels.length).toBeGreaterThan(10);
    for (const label of labels) {
      await seen(nav.getByRole('link', { name: label, exact: true })).click();
      await expect(nav.getByRole('link', { name: label, exact: true })).toHaveAttribute('aria-current', 'page');
      await settled(page);
      await check(page, `back office: ${label}`, { contrast });
    }
    // Screens no link of the navigation opens, reached inside the app as the links are.
    for (const [path, what] of [
      [`/admin/orders/${placed.data._id}`, 'an order'],
      [`/admin/getproduct/${product}`, 'product editor'],
      ['/admin/addproduct', 'new product'],
      [`/admin/product-reviews/${product}`, 'a product’s reviews'],
      ['/admin/product-reviews', 'reviews by product'],
      ['/admin/no-such-screen', 'no such screen'],
    ]) {
      await visit(page, path!);
      await check(page, `back office: ${what}`, { contrast });
    }
    await page.evaluate(() => window.localStorage.clear());
    await open(page, '/adminlogin');
    await check(page, 'back-office sign-in', { contrast });
  });
}
