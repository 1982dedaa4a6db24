import { randomUUID } from 'node:crypto';
import { expect, type APIRequestContext, type Locator } from '@playwright/test';
import { test } from './fixtures';
import { backOfficeToken, call, inView, openBackOffice, screenshot, seen, someAddress } from './stack';

// The back office as a working tool, against the whole running stack, at 1280 and 1440 px: the
// largest realistic values (a long customer name, a 40-character e-mail, an order of ten ₹9,99,999 pieces)
// leave the amount, status and actions of a row on screen; rows are compact; the table's
// headings stay on screen while the list scrolls; a cut value shows whole on hover and focus;
// "/" finds and j/k walk the orders; deleting a coupon or a sale asks first; a form's error
// reads in the field's words and is brought into view; the dashboard's cards never clip.

const widths = [1280, 1440] as const;
// SHOTS=before names the screenshots of a run on the code before a change (admin-orders-long-before-1280.png).
const phase = process.env.SHOTS ? `-${process.env.SHOTS}` : '';
const longName = { firstName: 'Venkatalakshmi Annapoorna', lastName: 'Subrahmanyam-Chandrasekharan' };
const fullName = `${longName.firstName} ${longName.lastName}`;

interface Seeded {
  email: string;
  orderNumber: string;
}

/** A shopper with a long name and a 40-character e-mail, whose COD order is ten of a ₹9,99,999 product. */
async function seedLongValues(request: APIRequestContext): Promise<Seeded> {
  const staff = await backOfficeToken(request);
  const stamp = randomUUID().replace(/-/g, '').slice(0, 8);
  // 40 characters: the longest realistic address.
  const email = `venkata.subrahmanyam.${stamp}@example.in`;
  expect(email).toHaveLength(40);
  const policy = await call<{ returnableSubCategories: { _id: string }[] }>(request, 'GET', '/api/returns/policy');
  const listed = await call<{ items: { thumbnail: string }[] }>(request, 'GET', '/api/getproduct?limit=1');
  const code = `LONG-${stamp.toUpperCase()}`;
  const product = await call<{ _id: string }>(request, 'POST', '/api/admin/products', staff, {
    productId: code,
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
  const registered = await call<unknown>(request, 'POST', '/api/register', undefined, { ...longName, email, password: 'tailored-2026' }, someAddress());
  const token = registered.token!;
  const address = await call<{ _id: string }>(request, 'POST', '/api/addAddress', token, {
    ...longName,
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
  await call(request, 'POST', '/api/addToCart', token, { productId: product.data._id, size: 'L', quantity: 10 });
  const placed = await call<{ orderId: string }>(request, 'POST', '/api/createOrder', token, { paymentMode: 'cod', address: address.data._id }, {
    'Idempotency-Key': randomUUID(),
  });
  // Out of the listing again: other tests pick the first product in stock.
  const hidden = await request.delete(`/api/admin/products/${product.data._id}`, { headers: { Authorization: `Bearer ${staff}` } });
  expect(hidden.ok(), await hidden.text()).toBe(true);
  return { email, orderNumber: placed.data.orderId };
}

/**
 * Customers enough for the list to scroll at any height the tests use, each with a long name
 * and a 40-character e-mail: the sticky headings are checked on a list that is long whatever
 * else the shop holds.
 */
async function seedLongList(request: APIRequestContext) {
  for (let at = 0; at < 14; at++) {
    const stamp = randomUUID().replace(/-/g, '').slice(0, 8);
    const email = `chandrasekharan.venka${stamp}@example.in`; // 40 characters
    await call(request, 'POST', '/api/register', undefined, { firstName: `Ramalingeswara ${at + 1}`, lastName: 'Subbalakshmi-Venkataraman', email, password: 'tailored-2026' }, someAddress());
  }
}

let seeded: Promise<Seeded> | undefined;
let listed: Promise<void> | undefined;

/** Asserts `element` is wholly inside the window (its right edge too). */
async function wholly(element: Locator, what: string) {
  await expect(element, `${what} wholly in the viewport`).toBeInViewport({ ratio: 1 });
}

/** The height of `row` in px. */
async function height(row: Locator) {
  return Math.round((await row.boundingBox())?.height ?? 0);
}

/** Whether `element`'s text is cut (wider than its box). */
function cut(element: Locator) {
  return element.evaluate((node) => node.scrollWidth > node.clientWidth + 1);
}

for (const width of widths) {
  test.describe(`at ${width} px`, { tag: '@desktop' }, () => {
    test.beforeEach(async ({ page, request }) => {
      await page.setViewportSize({ width, height: 800 });
      seeded ??= seedLongValues(request);
    });

    test('an order and a customer with the largest values keep amount, status and actions on screen', async ({ page }, testInfo) => {
      test.slow(); // the first seeds a product, a shopper and an order through the API
      const { email, orderNumber } = await seeded!;
      // Orders.
      await openBackOffice(page, { at: `/admin/orders?q=${encodeURIComponent(email)}` });
      const row = page.getByRole('table', { name: 'Orders' }).locator(`tbody[data-order="${orderNumber}"] > tr`).first();
      await inView(row);
      await screenshot(page, testInfo, `admin-orders-long${phase}`, { fullPage: false });
      // Eight figures: ten of a ₹9,99,999 product (less any sale running).
      await wholly(row.getByText(/^₹\d{2},\d{2},\d{3}$/), 'the amount');
      await wholly(row.getByTestId('order-status'), 'the status');
      await wholly(row.getByRole('button', { name: `Change status of order ${orderNumber}` }), 'Change status');
      expect(await height(row), 'a compact order row').toBeGreaterThanOrEqual(44);
      expect(await height(row), 'a compact order row').toBeLessThanOrEqual(48);
      // The name is cut, with the whole of it on hover and on focus.
      const name = row.getByTestId('customer-name');
      await expect(name).toHaveAttribute('title', fullName);
      expect(await cut(name), 'the long name is cut').toBe(true);
      await seen(name).hover();
      await expect.poll(() => cut(name), { message: 'the whole name on hover' }).toBe(false);
      await page.mouse.move(0, 0);
      await expect.poll(() => cut(name)).toBe(true);
      await seen(name).focus();
      await expect.poll(() => cut(name), { message: 'the whole name on focus' }).toBe(false);
      await wholly(name, 'the whole name');

      // Customers.
      await page.goto(`/admin/users?q=${encodeURIComponent(email)}`);
      const person = page.getByRole('table', { name: 'People' }).getByRole('row', { name: new RegExp(longName.firstName) });
      await inView(person);
      await screenshot(page, testInfo, `admin-customers-long${phase}`, { fullPage: false });
      await wholly(person.getByText(/^₹\d{2},\d{2},\d{3}$/), 'the amount spent');
      await wholly(person.getByText('Active', { exact: true }), 'the status');
      await wholly(person.getByRole('button', { name: 'Deactivate' }), 'Deactivate');
      expect(await height(person), 'a compact customer row').toBeGreaterThanOrEqual(44);
      expect(await height(person), 'a compact customer row').toBeLessThanOrEqual(48);
    });

    test('the table headings stay on screen while a long list scrolls', async ({ page, request }) => {
      test.slow(); // the first seeds a page of customers through the API
      listed ??= seedLongList(request);
      await Promise.all([seeded, listed]);
      await page.setViewportSize({ width, height: 360 });
      await openBackOffice(page, { at: '/admin/users' });
      const table = page.getByRole('table', { name: 'People' });
      await expect(table.getByRole('row')).not.toHaveCount(1);
      const heading = table.getByRole('columnheader', { name: 'Spent' });
      await inView(heading);
      // Scroll until the table's top has gone under the bar (64 px), as far as the page goes.
      await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
      const tableTop = await table.evaluate((node) => node.getBoundingClientRect().top);
      expect(tableTop, 'the list is long enough to scroll its top away').toBeLessThan(40);
      await wholly(heading, 'the Spent heading after scrolling');
      const top = await heading.evaluate((node) => node.getBoundingClientRect().top);
      expect(top, 'the headings sit under the bar').toBeGreaterThanOrEqual(63);
    });
  });
}

test.describe('at 1280 px', { tag: '@desktop' }, () => {
  test.beforeEach(async ({ page }) => {
    await page.setViewportSize({ width: 1280, height: 800 });
  });

  test('the back office speaks in the system font, the storefront keeps its serif', async ({ page }) => {
    await openBackOffice(page);
    const heading = page.getByRole('heading', { level: 1 });
    await inView(heading);
    expect(await heading.evaluate((node) => getComputedStyle(node).fontFamily)).not.toContain('Cormorant');
    expect(await page.locator('body').evaluate((node) => getComputedStyle(node).fontFamily)).not.toContain('Inter');
    await page.goto('/');
    const shopHeading = page.locator('main').locator('h1, h2').first();
    await inView(shopHeading);
    await expect.poll(() => shopHeading.evaluate((node) => getComputedStyle(node).fontFamily)).toContain('Cormorant');
  });

  test('"/" finds and j/k walk the orders, never while typing', async ({ page }) => {
    await seeded;
    await openBackOffice(page, { at: '/admin/orders' });
    const table = page.getByRole('table', { name: 'Orders' });
    await expect(table.locator('tbody[data-order]')).not.toHaveCount(0);
    await inView(page.getByText('Press / to search, j and k for the next and previous order'));
    const search = page.getByLabel('Search');
    await page.keyboard.press('/');
    await expect(search).toBeFocused();
    await page.keyboard.type('jk');
    await expect(search).toHaveValue('jk');
    await search.fill('');
    await search.blur();
    await page.keyboard.press('j');
    const first = table.locator('tbody[data-order]').nth(0).getByRole('link');
    await expect(first).toBeFocused();
    if ((await table.locator('tbody[data-order]').count()) > 1) {
      await page.keyboard.press('j');
      await expect(table.locator('tbody[data-order]').nth(1).getByRole('link')).toBeFocused();
      await page.keyboard.press('k');
      await expect(first).toBeFocused();
    }
    await inView(first);
  });

  test('deleting a coupon or a sale asks first', async ({ page, request }, testInfo) => {
    test.slow(); // two screens, two dialogs each
    const staff = await backOfficeToken(request);
    const code = `BYE${randomUUID().replace(/[^0-9]/g, '').slice(0, 5)}`;
    await call(request, 'POST', '/api/admin/coupons', staff, {
      code,
      description: 'A coupon to delete',
      discount: 10,
      minAmount: 0,
      maxDiscount: 0,
      active: false,
    });
    await openBackOffice(page, { at: '/admin/coupons' });
    const row = page.getByRole('table', { name: 'Coupons' }).getByRole('row', { name: new RegExp(code) });
    await seen(row.getByRole('button', { name: `Delete ${code}` })).click();
    const dialog = page.getByRole('dialog', { name: `Delete ${code}?` });
    await inView(dialog);
    await screenshot(page, testInfo, `admin-delete-confirm${phase}`, { fullPage: false });
    await seen(dialog.getByRole('button', { name: 'Cancel' })).click();
    await expect(dialog).toBeHidden();
    await expect(row).toBeVisible();
    await seen(row.getByRole('button', { name: `Delete ${code}` })).click();
    await seen(dialog.getByRole('button', { name: `Delete ${code}` })).click();
    await expect(row).toHaveCount(0);

    const saleName = `Farewell ${randomUUID().slice(0, 6)}`;
    await call(request, 'POST', '/api/admin/sales', staff, { saleName, discount: 10, gender: 'All', category: 'All', subCategories: [], status: false });
    await page.goto('/admin/sale');
    const sale = page.getByRole('table', { name: 'Sales' }).getByRole('row', { name: new RegExp(saleName) });
    // The demo sale is on and comes first: switching this one on warns that its banner will not show.
    await seen(sale.getByRole('button', { name: `Switch ${saleName} on` })).click();
    const warning = page.getByRole('dialog', { name: `Switch ${saleName} on?` });
    await inView(warning);
    await expect(warning).toContainText('its banner will not show');
    await screenshot(page, testInfo, `admin-sale-banner-warning${phase}`, { fullPage: false });
    await seen(warning.getByRole('button', { name: 'Cancel' })).click();
    await expect(sale).toContainText('Off');
    await seen(sale.getByRole('button', { name: `Delete ${saleName}` })).click();
    const ask = page.getByRole('dialog', { name: `Delete ${saleName}?` });
    await inView(ask);
    await seen(ask.getByRole('button', { name: `Delete ${saleName}` })).click();
    await expect(sale).toHaveCount(0);
  });

  test("a form's errors read in the field's words and come into view", async ({ page }, testInfo) => {
    await openBackOffice(page, { at: '/admin/addproduct' });
    await inView(page.getByRole('heading', { level: 1 }));
    await seen(page.getByLabel('Name', { exact: true })).fill('Linen Kurta');
    const save = page.getByRole('button', { name: /^(Save|Create|Add) product$/ });
    await seen(save).click();
    const codeError = page.getByText('Product code is required');
    await inView(codeError, { scroll: false });
    await expect(page.locator('main')).not.toContainText('productId');
    await screenshot(page, testInfo, `admin-form-error${phase}`, { fullPage: false });
  });

  test('the dashboard greets by name and its cards never clip', async ({ page }, testInfo) => {
    await seeded;
    await openBackOffice(page);
    await inView(page.getByRole('heading', { level: 1, name: /^Good (morning|afternoon|evening), \S+/ }));
    await screenshot(page, testInfo, `admin-dashboard${phase}`, { fullPage: true });
    const cards = page.locator('main article, main section');
    for (const card of await cards.all()) {
      const clipped = await card.evaluate((node) => node.scrollWidth > node.clientWidth + 1);
      expect(clipped, `${await card.getAttribute('aria-label')} clips`).toBe(false);
    }
    const today = page.getByRole('article', { name: 'Last 30 days' });
    await expect(today).not.toContainText(/\.\d\d average/);
    await expect(today).toContainText(/than the 30 days before|as the 30 days before|nothing the 30 days before/i);
  });
});
