import { randomUUID } from 'node:crypto';
import { expect, type APIRequestContext } from '@playwright/test';
import { test } from './fixtures';
import { admin, inView, openBackOffice, screenshot, seen } from './stack';

// Delivered orders (SPEC §2, /admin/delieveredorders), against the whole running stack: a
// shopper's cash-on-delivery order is moved to DELIVERED by the back office; it is then in
// Delivered orders with its items (View Items / Hide), the customer's name, e-mail and billing
// address, and not in Cancelled orders. A search that matches nothing says so.

function someAddress(): Record<string, string> {
  const part = () => Math.floor(Math.random() * 250) + 1;
  return { 'X-Forwarded-For': `10.${part()}.${part()}.${part()}` };
}

async function call<T>(request: APIRequestContext, method: 'GET' | 'POST', path: string, token?: string, data?: unknown, headers = {}) {
  const answer = await request.fetch(path, { method, data, headers: { ...(token ? { Authorization: `Bearer ${token}` } : {}), ...headers } });
  const body = await answer.text();
  expect(answer.ok(), `${method} ${path} → ${answer.status()} ${body}`).toBe(true);
  return JSON.parse(body) as { data: T; token?: string };
}

test('a delivered order is in Delivered orders with its items and billing address', { tag: '@desktop' }, async ({ page, request }, testInfo) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  const email = `delivered.${randomUUID().slice(0, 8)}@example.in`;
  const registered = await call<unknown>(request, 'POST', '/api/register', undefined, { firstName: 'Ira', lastName: 'Kapoor', email, password: 'tailored-2026' }, someAddress());
  const token = registered.token!;
  const address = await call<{ _id: string }>(request, 'POST', '/api/addAddress', token, {
    firstName: 'Ira',
    lastName: 'Kapoor',
    email,
    phone: '9812300011',
    address1: '7 Residency Road',
    address2: 'Richmond Town',
    landmark: '',
    city: 'Bengaluru',
    state: 'Karnataka',
    pincode: '560025',
    type: 'home',
    isDefault: true,
  });
  const products = await call<{ items: { _id: string; productName: string; sizes: { size: string; stock: number }[] }[] }>(request, 'GET', '/api/getproduct?limit=48');
  const choice = products.data.items.flatMap((product) => product.sizes.filter((size) => size.stock >= 3).map((size) => ({ product, size })))[0]!;
  await call(request, 'POST', '/api/addToCart', token, { productId: choice.product._id, size: choice.size.size, quantity: 1 });
  const placed = await call<{ orderId: string; _id: string }>(request, 'POST', '/api/createOrder', token, { paymentMode: 'cod', address: address.data._id }, {
    'Idempotency-Key': randomUUID(),
  });
  const staff = await call<unknown>(request, 'POST', '/api/admin/login', undefined, admin);
  for (const status of ['NEW', 'DELIVERED']) {
    await call(request, 'POST', '/api/orderStatus', staff.token, { id: placed.data._id, orderStatus: status, note: 'Handed over at the door' });
  }

  await openBackOffice(page);
  await seen(page.getByRole('navigation', { name: 'Back office' }).getByRole('link', { name: 'Delivered' })).click();
  await expect(page).toHaveURL(/\/admin\/delieveredorders$/);
  await inView(page.getByRole('heading', { level: 1, name: 'Delivered orders' }));
  await expect(page.getByRole('search', { name: 'Filter orders' }).getByLabel('Status')).toBeDisabled();
  const table = page.getByRole('table', { name: 'Orders' });
  await expect(table).not.toContainText('Loading...');

  const row = table.locator('tbody', { has: page.getByText(placed.data.orderId) });
  await expect(row).toContainText('Ira Kapoor');
  await expect(row).toContainText(email);
  await expect(row.getByTestId('order-status')).toHaveText(/Delivered/i);
  await seen(row.getByRole('button', { name: /View Items/ })).click();
  await expect(row.getByRole('list', { name: `Items of order ${placed.data.orderId}` })).toContainText(choice.product.productName);
  await expect(row).toContainText('Billing address');
  await expect(row).toContainText('7 Residency Road, Richmond Town, Bengaluru, Karnataka, 560025');
  await screenshot(page, testInfo, 'admin-delivered-orders');
  await seen(row.getByRole('button', { name: /Hide/ })).click();
  await expect(row).not.toContainText('Billing address');

  await seen(page.getByRole('navigation', { name: 'Back office' }).getByRole('link', { name: 'Cancelled' })).click();
  await inView(page.getByRole('heading', { level: 1, name: 'Cancelled orders' }));
  await expect(table).not.toContainText('Loading...');
  await expect(table).not.toContainText(placed.data.orderId);

  await seen(page.getByRole('navigation', { name: 'Back office' }).getByRole('link', { name: 'Delivered' })).click();
  const searchBox = page.getByRole('search', { name: 'Filter orders' }).getByLabel('Search');
  await seen(searchBox).fill('no-such-customer-anywhere');
  await seen(searchBox).press('Enter');
  await expect(table).toContainText('No matching orders found.');
});
