import { randomUUID } from 'node:crypto';
import { expect, type Page, type TestInfo } from '@playwright/test';
import { test } from './fixtures';
import { backOfficeToken, call, openBackOffice, shopperPage, shopperWithCart, someAddress } from './stack';

// The before-and-after set of issue 21's screens: every screen it names, at the widths it names
// (shopper 1280 and 390 px, back office 1280 and 1440 px), saved as
// test-results/screens/<screen>-<SHOTS>-<width>.jpg. It is a camera, not a test of behaviour
// (those live in the feature specs), so `make test` does not run it: `make screens` does, with
// SHOTS=after. The "before" set was taken by this same file on the tree before issue 21 (commit
// be92403), which is why it finds its way by URL and SPEC's calls only, never by a screen's words.

const phase = process.env.SHOTS ?? 'after';
// A camera walks many screens per test, each waiting for its pictures: more than a test's usual 30 s.
test.describe.configure({ timeout: 180_000 });
const backOfficeWidths = [1280, 1440];

/** Saves what the window shows (or the whole page) once fonts and the pictures in view are in. */
async function camera(page: Page, name: string, { fullPage = false } = {}) {
  await page.evaluate(() => document.fonts.ready);
  await page.waitForLoadState('networkidle').catch(() => undefined);
  await expect
    .poll(() =>
      page.evaluate(() =>
        Array.from(document.images)
          .filter((image) => image.getBoundingClientRect().top < window.innerHeight && image.getBoundingClientRect().bottom > 0)
          .every((image) => image.complete),
      ),
    )
    .toBe(true);
  const width = page.viewportSize()?.width ?? 0;
  await page.screenshot({ path: `test-results/screens/${name}-${phase}-${width}.jpg`, fullPage, type: 'jpeg', quality: 70, animations: 'disabled' });
}

/** Shows `path` as the app's router would after navigate(path, { state }): the way the checkout opens /thankyou. */
async function openWithState(page: Page, path: string, state: unknown) {
  await page.waitForLoadState('networkidle');
  await page.evaluate(
    ([path, state]) => {
      window.history.pushState({ usr: state, key: 'screens', idx: 1 }, '', path);
      window.dispatchEvent(new PopStateEvent('popstate', { state: window.history.state }));
    },
    [path, state] as const,
  );
  await expect(page).toHaveURL(new RegExp(`${path}$`));
}

async function placedOrder(page: Page, testInfo: TestInfo) {
  const { shopper, address } = await shopperWithCart(page.request, testInfo);
  const placed = await call<{ orderId: string }>(page.request, 'POST', '/api/createOrder', shopper.token, { paymentMode: 'cod', address }, { 'Idempotency-Key': randomUUID() });
  return { shopper, orderId: placed.data.orderId };
}

test.describe('shopper (the project\'s width: 1280 or 390 px)', () => {
  test('header, product pictures and the empty cart', async ({ page }) => {
    const width = page.viewportSize()?.width ?? 0;
    await page.goto('/');
    await camera(page, 'home-header');
    if (width < 600) {
      const menu = page.getByRole('button', { name: /menu/i }).first();
      if (await menu.isVisible()) {
        await menu.click();
        await camera(page, 'phone-menu');
        await page.keyboard.press('Escape');
      }
    }
    const listed = await call<{ items: { _id: string }[] }>(page.request, 'GET', '/api/getproduct?limit=1');
    await page.goto(`/api/getproduct/${listed.data.items[0]!._id}`);
    await camera(page, 'product-pictures');
    await page.goto('/cart');
    await camera(page, 'cart-empty');
  });

  test('checkout, the placed order, tracking and My Orders', async ({ browser }, testInfo) => {
    const { shopper } = await shopperWithCart((await browser.newContext({ baseURL: testInfo.project.use.baseURL })).request, testInfo);
    const page = await shopperPage(browser, testInfo, shopper);
    await page.goto('/checkout');
    await camera(page, 'checkout');
    await camera(page, 'checkout-whole', { fullPage: true });

    const { shopper: buyer, orderId } = await placedOrder(page, testInfo);
    const own = await shopperPage(browser, testInfo, buyer);
    await own.goto('/');
    await openWithState(own, '/thankyou', { orderId });
    await camera(own, 'order-placed', { fullPage: true });
    await own.goto(`/trackid/${encodeURIComponent(orderId)}`);
    await camera(own, 'tracking', { fullPage: true });
    await own.goto('/user/orders');
    await camera(own, 'my-orders');
  });
});

for (const width of backOfficeWidths) {
  test.describe(`back office at ${width} px`, () => {
    test.skip(({ isMobile }) => isMobile, 'the back office is shot at desktop widths');
    test.use({ viewport: { width, height: 900 } });

    test('dashboard, lists with long values, and forms', async ({ page }) => {
      // A shopper with a long name and a 40-character e-mail whose order is ten ₹9,99,999 pieces.
      const staff = await backOfficeToken(page.request);
      const stamp = randomUUID().replace(/-/g, '').slice(0, 8);
      const email = `venkata.subrahmanyam.${stamp}@example.in`;
      const listed = await call<{ items: { thumbnail: string }[] }>(page.request, 'GET', '/api/getproduct?limit=1');
      const policy = await call<{ returnableSubCategories: { _id: string }[] }>(page.request, 'GET', '/api/returns/policy');
      const product = await call<{ _id: string }>(page.request, 'POST', '/api/admin/products', staff, {
        productId: `LONG-${stamp.toUpperCase()}`,
        productName: `Hand-embroidered Raw Silk Sherwani with Churidar ${stamp.slice(0, 4)}`,
        gender: 'Men',
        status: '',
        subcategoryId: policy.data.returnableSubCategories[0]?._id,
        price: 999999,
        discount: 0,
        colour: 'Ivory',
        thumbnail: listed.data.items[0]?.thumbnail ?? '',
        images: [],
        basicProductDescription: 'A wedding sherwani.',
        sizes: [{ size: 'L', stock: 20 }],
      });
      const name = { firstName: 'Venkatalakshmi Annapoorna', lastName: 'Subrahmanyam-Chandrasekharan' };
      const registered = await call<unknown>(page.request, 'POST', '/api/register', undefined, { ...name, email, password: 'tailored-2026' }, someAddress());
      const address = await call<{ _id: string }>(page.request, 'POST', '/api/addAddress', registered.token!, {
        ...name,
        email,
        phone: '9812345679',
        address1: '14 Lake View Road',
        address2: 'Alwarpet',
        landmark: '',
        city: 'Thiruvananthapuram',
        state: 'Kerala',
        pincode: '695001',
        type: 'home',
        isDefault: true,
      });
      await call(page.request, 'POST', '/api/addToCart', registered.token!, { productId: product.data._id, size: 'L', quantity: 10 });
      await call(page.request, 'POST', '/api/createOrder', registered.token!, { paymentMode: 'cod', address: address.data._id }, { 'Idempotency-Key': randomUUID() });
      await page.request.delete(`/api/admin/products/${product.data._id}`, { headers: { Authorization: `Bearer ${staff}` } });

      await openBackOffice(page);
      await camera(page, 'admin-dashboard', { fullPage: true });
      for (const [screen, path] of [
        ['admin-orders', '/admin/orders'],
        ['admin-customers', '/admin/users'],
        ['admin-coupons', '/admin/coupons'],
        ['admin-sales', '/admin/sale'],
        ['admin-product-form', '/admin/addproduct'],
      ] as const) {
        await page.goto(path);
        await camera(page, screen);
      }
      const save = page.getByRole('button', { name: /save|add product|create/i }).last();
      await save.scrollIntoViewIfNeeded();
      await save.click();
      await camera(page, 'admin-product-form-error');
    });
  });
}
