import { randomUUID } from 'node:crypto';
import { expect, type APIRequestContext } from '@playwright/test';
import { test } from './fixtures';
import { inView, openBackOffice, screenshot, seen } from './stack';

// The back office's dashboard, live, against the whole running stack: an admin has it open;
// a shopper places a cash-on-delivery order through the API; today's takings and order count
// change without a reload.

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

test('the dashboard counts a new order without a reload', { tag: '@desktop' }, async ({ page, request }, testInfo) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  await openBackOffice(page);
  const today = page.getByRole('article', { name: 'Today' });
  await inView(today);
  await inView(page.getByRole('status', { name: 'Live updates: Live' }));
  const ordersToday = async () => Number(((await today.getByText(/orders?\b/).first().textContent()) ?? '').match(/\d+/)?.[0] ?? 'NaN');
  const before = await ordersToday();

  const email = `dash.${randomUUID().slice(0, 8)}@example.in`;
  const registered = await call<unknown>(request, 'POST', '/api/register', undefined, { firstName: 'Tara', email, password: 'tailored-2026' }, someAddress());
  const token = registered.token!;
  const address = await call<{ _id: string }>(request, 'POST', '/api/addAddress', token, {
    firstName: 'Tara', lastName: 'Rao', email, phone: '9812300022', address1: '3 Park Street', address2: 'Near the museum',
    landmark: '', city: 'Kolkata', state: 'West Bengal', pincode: '700016', type: 'home', isDefault: true,
  });
  const products = await call<{ items: { _id: string; sizes: { size: string; stock: number }[] }[] }>(request, 'GET', '/api/getproduct?limit=48');
  const choice = products.data.items.flatMap((product) => product.sizes.filter((size) => size.stock >= 3).map((size) => ({ product, size })))[0]!;
  await call(request, 'POST', '/api/addToCart', token, { productId: choice.product._id, size: choice.size.size, quantity: 1 });
  await call(request, 'POST', '/api/createOrder', token, { paymentMode: 'cod', address: address.data._id }, { 'Idempotency-Key': randomUUID() });

  await expect.poll(ordersToday, { timeout: 15_000, message: "today's orders count the new one" }).toBe(before + 1);
  await inView(page.getByRole('img', { name: /Revenue per day over 30 days/ }));
  await screenshot(page, testInfo, 'admin-dashboard-live');

  // The back office follows the shop's theme switch.
  await seen(page.getByRole('button', { name: 'Switch to dark theme' })).click();
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
  await screenshot(page, testInfo, 'admin-dashboard-dark');
});
