import { readFile } from 'node:fs/promises';
import { randomUUID } from 'node:crypto';
import { expect, type Page } from '@playwright/test';
import { test } from './fixtures';
import { call, inView, screenshot, scrollToEnd, seen, keepShopperSignedIn, shopperWithCart } from './stack';

// Privacy (issue 23) as a shopper meets it: the privacy notice from the footer; the account's
// data download (a JSON file with their e-mail and orders) and erasure, after which their
// password no longer signs in.

const isMobile = (page: Page) => (page.viewportSize()?.width ?? 1280) < 640;

test('the privacy notice opens from the footer and says what is kept, why and how to act on it', async ({ page }, testInfo) => {
  test.setTimeout(90_000);
  await page.goto('/aboutus');
  await inView(page.getByRole('heading', { level: 1 }).first(), { timeout: 30_000 });
  await scrollToEnd(page);
  await seen(page.getByRole('list', { name: 'Policies' }).getByRole('link', { name: 'Privacy notice' })).click();
  await expect(page).toHaveURL(/\/privacy$/);
  await inView(page.getByRole('heading', { level: 1, name: 'Privacy notice' }), { timeout: 30_000 });
  await expect(page).toHaveTitle(/Privacy notice/);
  for (const heading of ['The data we keep and why', 'How long we keep it', 'Your choices and rights', 'Complaints']) {
    await inView(page.getByRole('heading', { name: heading }));
  }
  await inView(page.getByRole('link', { name: 'contact page' }));
  await screenshot(page, testInfo, 'privacy-notice', { fullPage: false });
});

test('a shopper downloads their data and erases their account, which then cannot sign in', async ({ page, request }, testInfo) => {
  test.setTimeout(120_000);
  const { shopper, address } = await shopperWithCart(request, testInfo);
  const placed = await call<{ orderId: string }>(request, 'POST', '/api/createOrder', shopper.token, { paymentMode: 'cod', address }, {
    'Idempotency-Key': randomUUID(),
  });
  // An order on its way holds the erasure back: this one is cancelled.
  await call(request, 'POST', `/api/orders/${placed.data.orderId}/cancel`, shopper.token, {});
  await keepShopperSignedIn(page, shopper);
  await page.goto('/user/accountdetails');
  const privacy = page.getByRole('region', { name: 'Privacy and your data' });
  await inView(privacy.getByRole('heading', { name: 'Privacy and your data' }), { timeout: 30_000 });

  const downloading = page.waitForEvent('download');
  await seen(privacy.getByRole('button', { name: 'Download my data' })).click();
  const file = await downloading;
  const data = JSON.parse(await readFile((await file.path())!, 'utf8')) as { profile: { email: string }; orders: { orderId: string }[] };
  expect(data.profile.email).toBe(shopper.email);
  expect(data.orders.map((o) => o.orderId)).toEqual([placed.data.orderId]);
  await inView(privacy.getByRole('list', { name: 'Your requests' }).getByText(/Data download/));
  await screenshot(page, testInfo, 'privacy-download', { fullPage: false });

  await seen(privacy.getByRole('button', { name: 'Erase my account' })).click();
  const dialog = page.getByRole('dialog', { name: 'Erase your account?' });
  await inView(dialog.getByText('you will not be able to sign in again'));
  await screenshot(page, testInfo, 'privacy-erase-confirm', { fullPage: false });
  await seen(dialog.getByRole('button', { name: 'Erase my account' })).click();
  await expect(page).toHaveURL(/\/$/);
  // Signed out on this device (the toast saying so may be gone on a slow machine).
  await expect.poll(() => page.evaluate(() => window.localStorage.getItem('token')), { timeout: 15_000 }).toBeNull();

  // The worker erases the account: then the password signs in no more.
  await expect
    .poll(async () => (await request.post('/api/login', { data: { email: shopper.email, password: 'tailored-2026' } })).status(), {
      timeout: 60_000,
      message: 'the erased account refused',
    })
    .toBe(400);
  if (isMobile(page)) {
    await seen(page.getByRole('button', { name: 'Open menu' })).click();
    await seen(page.getByRole('navigation', { name: 'Mobile' }).getByRole('link', { name: 'Sign In' })).click();
  } else {
    await seen(page.getByRole('banner').getByRole('link', { name: 'Sign In' })).click();
  }
  const login = page.getByRole('dialog');
  await seen(login.getByRole('textbox', { name: 'Email' })).fill(shopper.email);
  await seen(login.getByLabel('Password', { exact: true })).fill('tailored-2026');
  await seen(login.getByRole('button', { name: 'Sign in', exact: true })).click();
  const refused = login.getByRole('form', { name: 'Sign in' }).getByRole('alert');
  await inView(refused);
  await expect(refused).toHaveText('Invalid email or password');
  await screenshot(page, testInfo, 'privacy-erased-sign-in', { fullPage: false });
});
