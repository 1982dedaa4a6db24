import { randomUUID } from 'node:crypto';
import { expect, type APIRequestContext } from '@playwright/test';
import { test } from './fixtures';
import { backOfficeToken, call, inView, openBackOffice, screenshot, seen, someAddress } from './stack';

// The dashboard's cash-on-delivery cards (issue 19), live, with the figures a person reads: an
// admin has the dashboard open; a shopper in Bhopal (Madhya Pradesh, 462001) places three COD
// orders; one is delivered, one comes back to origin, and the courier fails to deliver the
// third. Without a reload, the COD share counts the three, the RTO card lists Bhopal's pincode
// and state as "1 of 2 · too few to judge", and the failed deliveries card counts one more
// waiting for an answer and links to the NDR queue, which shows the order.

interface Cod {
  share: { orders: number; codOrders: number };
  rto: { ended: number; rto: number };
  ndr: { unanswered: number };
}

const pct = (part: number, whole: number) => `${(Math.round((part * 1000) / whole) / 10).toLocaleString('en-IN')}%`;

/** sim's HTTP address: SIM_URL, else the origin of the Razorpay checkout script /api/config names. */
async function simUrl(request: APIRequestContext): Promise<string> {
  if (process.env.SIM_URL) return process.env.SIM_URL.replace(/\/$/, '');
  const config = await call<{ razorpayCheckoutUrl: string }>(request, 'GET', '/api/config');
  return new URL(config.data.razorpayCheckoutUrl).origin;
}

test('the COD cards count new orders, RTO by pincode and state, and a failed delivery, live', { tag: '@desktop' }, async ({ page, request }, testInfo) => {
  test.setTimeout(120_000);
  const sim = await simUrl(request);
  const admin = await backOfficeToken(request);
  const before = (await call<Cod>(request, 'GET', '/api/admin/dashboard/cod?days=30', admin)).data;

  await openBackOffice(page);
  const cod = page.getByRole('region', { name: 'Cash on delivery, last 30 days' });
  // Drawn once the dashboard's figures are in: slow on a loaded machine.
  await inView(cod, { timeout: 30_000 });
  await inView(page.getByRole('status', { name: 'Live updates: Live' }));
  const share = cod.getByRole('article', { name: 'COD share' });
  await inView(share);
  await expect(share).toContainText(`${before.share.codOrders} of ${before.share.orders} order`);

  // A shopper in Bhopal places three cash-on-delivery orders.
  const email = `coddash.${randomUUID().slice(0, 8)}@example.in`;
  const token = (await call<unknown>(request, 'POST', '/api/register', undefined, { firstName: 'Ira', email, password: 'tailored-2026' }, someAddress())).token!;
  const address = await call<{ _id: string }>(request, 'POST', '/api/addAddress', token, {
    firstName: 'Ira', lastName: 'Verma', email, phone: '9812300077', address1: '12 Lake Road', address2: 'Shyamla Hills',
    landmark: '', city: 'Bhopal', state: 'Madhya Pradesh', pincode: '462001', type: 'home', isDefault: true,
  });
  const products = await call<{ items: { _id: string; sizes: { size: string; stock: number }[] }[] }>(request, 'GET', '/api/getproduct?limit=48');
  const choice = products.data.items.flatMap((product) => product.sizes.filter((size) => size.stock >= 5).map((size) => ({ product, size })))[0]!;
  const numbers: string[] = [];
  for (let i = 0; i < 3; i++) {
    await call(request, 'POST', '/api/addToCart', token, { productId: choice.product._id, size: choice.size.size, quantity: 1 });
    const placed = await call<{ orderId: string }>(request, 'POST', '/api/createOrder', token, { paymentMode: 'cod', address: address.data._id }, { 'Idempotency-Key': randomUUID() });
    numbers.push(placed.data.orderId);
  }
  const [delivered, returned, failed] = numbers as [string, string, string];
  const status = async (number: string) => (await call<{ orderStatus: string }>(request, 'GET', `/api/track?orderId=${number}&email=${encodeURIComponent(email)}`)).data.orderStatus;
  for (const number of numbers) await expect.poll(() => status(number), { timeout: 30_000, message: `${number} pushed to the courier` }).toBe('NEW');
  const move = (id: string, orderStatus: string) => call(request, 'POST', '/api/orderStatus', admin, { id, orderStatus, note: 'dashboard test' });
  await move(delivered, 'SHIPPED');
  await move(delivered, 'DELIVERED');
  await move(returned, 'SHIPPED');
  await move(returned, 'RTO_INITIATED');

  // The cards follow without a reload.
  const codOrders = before.share.codOrders + 3;
  const orders = before.share.orders + 3;
  await expect(share).toContainText(`${codOrders} of ${orders} orders`, { timeout: 15_000 });
  await expect(share.getByText(pct(codOrders, orders), { exact: true })).toBeVisible();
  const rtoCard = cod.getByRole('article', { name: 'Returned to origin (RTO)' });
  await inView(rtoCard);
  await expect(rtoCard).toContainText(`${before.rto.rto + 1} of ${before.rto.ended + 2} deliveries that ended`);
  await expect(rtoCard.getByText(pct(before.rto.rto + 1, before.rto.ended + 2), { exact: true })).toBeVisible();
  const pincode = rtoCard.getByRole('list', { name: 'Most RTO by pincode' }).getByRole('listitem').filter({ hasText: '462001' });
  await inView(pincode);
  await expect(pincode).toContainText('1 of 2 · too few to judge');
  const state = rtoCard.getByRole('list', { name: 'Most RTO by state' }).getByRole('listitem').filter({ hasText: 'Madhya Pradesh' });
  await expect(state).toContainText('1 of 2 · too few to judge');

  // The courier fails to deliver the third: one more waits for an answer.
  for (const step of ['PICKUP_SCHEDULED', 'SHIPPED', 'IN_TRANSIT', 'OUT_FOR_DELIVERY']) {
    const advance = await request.post(`${sim}/shiprocket/control/advance`, { data: { order_id: failed } });
    expect(advance.ok(), `advance to ${step}: ${await advance.text()}`).toBe(true);
    await expect.poll(() => status(failed), { timeout: 15_000, message: `courier reports ${step}` }).toBe(step);
  }
  const ndr = await request.post(`${sim}/shiprocket/control/ndr`, { data: { order_id: failed, reason: 'Customer not available at the address' } });
  expect(ndr.ok(), await ndr.text()).toBe(true);
  const failedCard = cod.getByRole('article', { name: 'Failed deliveries' });
  await inView(failedCard);
  await expect(failedCard.getByText(String(before.ndr.unanswered + 1), { exact: true })).toBeVisible({ timeout: 15_000 });
  await screenshot(page, testInfo, 'admin-dashboard-cod');

  // The 7-day span, then the queue.
  await seen(cod.getByRole('button', { name: '7 days' })).click();
  await inView(page.getByRole('region', { name: 'Cash on delivery, last 7 days' }));
  await page.setViewportSize({ width: 1440, height: 900 });
  await screenshot(page, testInfo, 'admin-dashboard-cod-wide');
  await seen(page.getByRole('link', { name: 'Open the NDR queue' })).click();
  await expect(page).toHaveURL(/\/admin\/ndr$/);
  const row = page.locator(`li[data-order="${failed}"]`);
  await inView(row);
  await expect(row).toContainText('Customer not available at the address');
});

// The settings beside the COD rules (Back office → Company): the COD confirmation and its hours
// and the courier's attempt limit are saved from their forms (a bad limit refused under its
// field), kept after a reload and audited; the WhatsApp and SMS templates are listed read-only.
test('an admin sets the COD confirmation hours and the NDR attempt limit, and reads the message templates', { tag: '@desktop' }, async ({ page, request }, testInfo) => {
  test.setTimeout(60_000);
  const admin = await backOfficeToken(request);
  await page.setViewportSize({ width: 1440, height: 900 });
  await openBackOffice(page);
  await seen(page.getByRole('navigation', { name: 'Back office' }).getByRole('link', { name: 'Company' })).click();

  const delivery = page.getByRole('form', { name: 'Delivery settings' });
  const hours = delivery.getByRole('textbox', { name: /Cancel an unconfirmed COD order after \(hours\)/ });
  await seen(hours).fill('200');
  await seen(delivery.getByRole('button', { name: 'Save delivery settings' })).click();
  await expect(hours).toHaveAccessibleDescription(/Unconfirmed COD orders must be cancelled after 1 to 168 hours/);
  await inView(hours);
  await seen(hours).fill('36');
  await seen(delivery.getByRole('button', { name: 'Save delivery settings' })).click();
  await inView(delivery.getByText('Delivery settings saved'));

  const ndr = page.getByRole('form', { name: 'Failed delivery settings' });
  const limit = ndr.getByRole('textbox', { name: /Delivery attempts before return to origin/ });
  await seen(limit).fill('12');
  await seen(ndr.getByRole('button', { name: 'Save attempt limit' })).click();
  await expect(limit).toHaveAccessibleDescription(/The attempt limit must be from 1 to 10/);
  await inView(limit);
  await seen(limit).fill('4');
  await seen(ndr.getByRole('button', { name: 'Save attempt limit' })).click();
  await inView(ndr.getByText('Attempt limit saved'));
  await screenshot(page, testInfo, 'admin-ndr-settings', { fullPage: false });

  await page.reload();
  await expect(limit).toHaveValue('4');
  await expect(hours).toHaveValue('36');
  const audit = await call<{ items: { before: { attemptLimit: number }; after: { attemptLimit: number } }[] }>(request, 'GET', '/api/admin/audit?entityType=ndr%20settings', admin);
  expect(audit.data.items[0]).toMatchObject({ before: { attemptLimit: 3 }, after: { attemptLimit: 4 } });

  const templates = page.getByRole('list', { name: 'Message templates' });
  const ndrTemplate = templates.getByRole('listitem').filter({ has: page.getByRole('heading', { name: 'Delivery attempt failed' }) });
  await inView(ndrTemplate);
  await expect(ndrTemplate).toContainText('delivery_failed (en)');
  await expect(ndrTemplate).toContainText('1107170000000000106');
  await screenshot(page, testInfo, 'admin-message-templates', { fullPage: false });

});

// The settings back as the other specs expect them.
test.afterEach(async ({ request }) => {
  const admin = await backOfficeToken(request);
  for (const [path, data] of [['/api/admin/ndr/settings', { attemptLimit: 3 }], ['/api/admin/delivery-settings', { codConfirmHours: 24 }]] as const) {
    const answer = await request.fetch(path, { method: 'PUT', headers: { Authorization: `Bearer ${admin}` }, data });
    expect(answer.ok(), await answer.text()).toBe(true);
  }
});
