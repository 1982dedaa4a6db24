import { randomUUID } from 'node:crypto';
import { expect } from '@playwright/test';
import { test } from './fixtures';
import { backOfficeToken, call, inView, openBackOffice, screenshot, seen, shopperPage, shopperWithCart, signInToBackOffice, signOutOfBackOffice, subscribedTo } from './stack';

// The back office's order screens against the whole running stack: the Shiprocket view finds a
// new cash-on-delivery order once the worker pushed it; its order page shows the shipment, the
// payment and the timeline; staff move it to Shipped with a note, and the shopper's tracking
// page (another browser) follows without a reload. Then the payments screen and the two
// password screens.

test('staff find an order on the Shiprocket view, open it, ship it, and the shopper’s tracker follows', { tag: '@desktop' }, async ({ page, browser, request }, testInfo) => {
  test.setTimeout(90_000);
  await page.setViewportSize({ width: 1440, height: 900 });
  const { shopper, address } = await shopperWithCart(request, testInfo);
  const placed = await call<{ orderId: string; _id: string }>(request, 'POST', '/api/createOrder', shopper.token, { paymentMode: 'cod', address }, {
    'Idempotency-Key': randomUUID(),
  });
  const number = placed.data.orderId;

  await openBackOffice(page);
  await seen(page.getByRole('navigation', { name: 'Back office' }).getByRole('link', { name: 'Shiprocket' })).click();
  await expect(page).toHaveURL(/\/admin\/shiprocketOrders$/);
  await inView(page.getByRole('heading', { level: 1, name: 'Shiprocket' }));
  // The filter lives in the URL: the radio shows checked once the URL says so.
  await seen(page.getByRole('radio', { name: 'On Shiprocket' })).click();
  await expect(page).toHaveURL(/push=pushed/);
  await expect(page.getByRole('radio', { name: 'On Shiprocket' })).toBeChecked();
  // The worker pushes it within seconds; the board is live, and a reload covers a slow push.
  const row = page.getByRole('table', { name: 'Orders' }).locator(`tbody[data-order="${number}"]`);
  await expect(async () => {
    if (!(await row.isVisible())) await page.reload();
    await expect(row).toContainText(/SR \d+ · shipment \d+/, { timeout: 3_000 });
  }).toPass({ timeout: 30_000 });
  await expect(page.getByRole('table', { name: 'Orders' })).not.toContainText('Not Added on Shiprocket');
  await screenshot(page, testInfo, 'admin-shiprocket', { fullPage: false });

  await seen(row.getByRole('link', { name: `Order ${number}` })).click();
  await expect(page).toHaveURL(new RegExp(`/admin/orders/${placed.data._id}$`));
  await inView(page.getByRole('heading', { level: 1, name: number }));
  const shipment = page.getByRole('region', { name: 'Shiprocket' });
  await expect(shipment).toContainText('Shiprocket order');
  await expect(page.getByRole('region', { name: 'Customer' })).toContainText('Kavya Iyer');
  await expect(page.getByRole('region', { name: 'Payment' })).toContainText('COD');
  const timeline = page.getByRole('list', { name: 'Order timeline' });
  await expect(timeline.locator('li').first()).toContainText('Order placed');

  // The shopper follows the order from another browser.
  const buyer = await shopperPage(browser, testInfo, shopper);
  const buyerLive = subscribedTo(buyer, (topic) => topic.startsWith('user:'));
  await buyer.goto(`/trackid/${number}`);
  const trackStatus = buyer.getByRole('main').locator('header p').filter({ hasText: number }).locator('span').last();
  await expect(trackStatus).toHaveText('Processing');
  await buyerLive;

  await seen(page.getByRole('button', { name: 'Change status' })).click();
  const dialog = page.getByRole('dialog', { name: 'Change status' });
  await seen(dialog.getByRole('radio', { name: /^Shipped/ })).check();
  await seen(dialog.getByLabel(/Note/)).fill('Handed to Delhivery at the counter');
  await seen(dialog.getByRole('button', { name: 'Save status' })).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByTestId('order-status')).toHaveText('Shipped');
  await expect(timeline.locator('li').last()).toContainText('Handed to Delhivery at the counter');
  await expect(timeline.locator('li').last()).toContainText('Staff');
  await expect(trackStatus).toHaveText('Shipped', { timeout: 15_000 });
  await screenshot(page, testInfo, 'admin-order-detail');
  await screenshot(buyer, testInfo, 'admin-orders-track-shipped');
  await buyer.context().close();

  // An order that does not exist says so.
  await page.goto('/admin/orders/DRP0NOSUCHORDER');
  await inView(page.getByRole('heading', { level: 1, name: 'Order not found' }));
});

test('admins see how Razorpay is set up, never its secrets, and the online payments', { tag: '@desktop' }, async ({ page }, testInfo) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  await openBackOffice(page);
  await seen(page.getByRole('navigation', { name: 'Back office' }).getByRole('link', { name: 'Payments' })).click();
  await expect(page).toHaveURL(/\/admin\/payment$/);
  const panel = page.getByRole('region', { name: 'Razorpay' });
  await expect(panel).toContainText('Key id');
  await expect(panel).toContainText(/\/api\/webhooks\/razorpay/);
  await expect(panel).toContainText('payment.captured');
  await expect(panel).not.toContainText('Loading...');
  await expect(page.getByRole('table', { name: 'Online payments' })).not.toContainText('Loading...');
  await screenshot(page, testInfo, 'admin-payment');
});

test('an admin resets a colleague’s password, and the colleague updates it', { tag: '@desktop' }, async ({ page, request }, testInfo) => {
  // Five password hashings (argon2id, 64 MiB) and two sign-ins: slow on a busy 2-core machine.
  test.setTimeout(90_000);
  await page.setViewportSize({ width: 1440, height: 900 });
  const token = await backOfficeToken(request);
  const colleague = { email: `packer-${Date.now()}@drape.local`, password: 'first-password-1' };
  const created = await call<{ _id: string }>(request, 'POST', '/api/admin/register', token, { firstName: 'Ravi', ...colleague, role: 'staff' });

  await signInToBackOffice(page);
  await seen(page.getByRole('navigation', { name: 'Back office' }).getByRole('link', { name: 'Team passwords' })).click();
  const reset = page.getByRole('form', { name: "Reset a team member's password" });
  await seen(reset.getByLabel('Team member')).selectOption(colleague.email);
  await seen(reset.getByLabel('New password', { exact: true })).fill('short');
  await seen(reset.getByLabel('Confirm new password')).fill('short');
  await seen(reset.getByRole('button', { name: 'Set new password' })).click();
  await expect(reset).toContainText('Password must be at least 8 characters');
  await seen(reset.getByLabel('New password', { exact: true })).fill('given-by-admin-2');
  await seen(reset.getByLabel('Confirm new password')).fill('given-by-admin-2');
  await seen(reset.getByRole('button', { name: 'Set new password' })).click();
  await expect(reset).toContainText(`${colleague.email} is signed out everywhere`);
  await screenshot(page, testInfo, 'admin-reset-password');

  // The colleague signs in with it and picks their own.
  await signOutOfBackOffice(page);
  await signInToBackOffice(page, { email: colleague.email, password: 'given-by-admin-2' });
  await seen(page.getByRole('navigation', { name: 'Back office' }).getByRole('link', { name: 'My password' })).click();
  const update = page.getByRole('form', { name: 'Update your password' });
  await seen(update.getByLabel('Current password')).fill('not-my-password');
  await seen(update.getByLabel('New password', { exact: true })).fill('my-own-password-3');
  await seen(update.getByLabel('Confirm new password')).fill('my-own-password-3');
  await seen(update.getByRole('button', { name: 'Update password' })).click();
  await expect(update).toContainText('Your current password is not right');
  await expect(update.getByLabel('New password', { exact: true })).toHaveValue('my-own-password-3');
  await seen(update.getByLabel('Current password')).fill('given-by-admin-2');
  await seen(update.getByRole('button', { name: 'Update password' })).click();
  await expect(update).toContainText('Your password is changed');
  await screenshot(page, testInfo, 'admin-update-password');
  // Still signed in on this device with the new token.
  await seen(page.getByRole('navigation', { name: 'Back office' }).getByRole('link', { name: 'Orders' })).click();
  await expect(page.getByRole('table', { name: 'Orders' })).not.toContainText('Loading...');
  await expect(page.getByRole('table', { name: 'Orders' })).not.toContainText('could not be loaded');
  await backOfficeToken(request, { email: colleague.email, password: 'my-own-password-3' });

  // Leave the shop as found: the made-up colleague is switched off.
  await call(request, 'POST', `/api/admin/users/${created.data._id}/active`, token, { active: false });
});

test('analytics over a chosen range, and its days as a CSV', { tag: '@desktop' }, async ({ page }, testInfo) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  await openBackOffice(page);
  await seen(page.getByRole('navigation', { name: 'Back office' }).getByRole('link', { name: 'Analytics' })).click();
  await inView(page.getByRole('heading', { level: 1, name: 'Analytics' }));
  await expect(page.getByRole('button', { name: '30 days' })).toHaveAttribute('aria-pressed', 'true');
  await expect(page.getByRole('region', { name: 'Takings' })).toContainText('Takings, 30 days');

  await seen(page.getByRole('button', { name: '7 days' })).click();
  await expect(page).toHaveURL(/from=\d{4}-\d{2}-\d{2}&to=\d{4}-\d{2}-\d{2}/);
  await expect(page.getByRole('region', { name: 'Takings' })).toContainText('Takings, 7 days');
  const to = await page.getByLabel('To', { exact: true }).inputValue();
  await seen(page.getByLabel('From', { exact: true })).fill(to);
  await expect(page.getByRole('region', { name: 'Takings' })).toContainText('Takings, 1 day');
  await inView(page.getByRole('region', { name: 'Orders by status, 1 day' }));

  const downloaded = page.waitForEvent('download');
  await seen(page.getByRole('button', { name: 'Download CSV' })).click();
  const file = await downloaded;
  expect(file.suggestedFilename()).toBe(`drape-${to}-to-${to}.csv`);
  const lines = (await (await import('node:fs/promises')).readFile((await file.path())!, 'utf8')).trim().split('\n');
  expect(lines[0]).toBe('date,orders,online_inr,cod_inr,total_inr');
  expect(lines).toHaveLength(2);
  expect(lines[1]).toMatch(new RegExp(`^${to},\\d+,`));
  await seen(page.getByRole('button', { name: '30 days' })).click();
  await screenshot(page, testInfo, 'admin-analytics');
});
