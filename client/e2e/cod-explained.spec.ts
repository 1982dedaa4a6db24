import { expect, type APIRequestContext } from '@playwright/test';
import { test } from './fixtures';
import { backOfficeToken, call, inView, screenshot, seen, keepShopperSignedIn, shopperWithCart } from './stack';

// COD explained at checkout (issue 19): with the shop's COD cap at ₹500, a shopper whose cart is
// worth more opens the checkout: cash on delivery is offered greyed, with the reason under it
// in the window, Pay now is chosen for them, and they pay online through sim's Razorpay
// checkout and reach the thank-you page. The cap is a shop setting other specs would meet, so
// this spec runs with the shared-state ones, one at a time, and puts the cap back.

interface DeliverySettings {
  codMaxOrder: number;
}

async function setCap(request: APIRequestContext, token: string, rupees: number) {
  const answer = await request.fetch('/api/admin/delivery-settings', { method: 'PUT', headers: { Authorization: `Bearer ${token}` }, data: { codMaxOrder: rupees } });
  expect(answer.ok(), await answer.text()).toBe(true);
}

let capBefore = 0;
test.beforeEach(async ({ request }) => {
  const token = await backOfficeToken(request);
  capBefore = (await call<DeliverySettings>(request, 'GET', '/api/admin/delivery-settings', token)).data.codMaxOrder;
  await setCap(request, token, 500);
});
test.afterEach(async ({ request }) => setCap(request, await backOfficeToken(request), capBefore));

test('a cart above the COD cap: checkout says why cash on delivery is not offered, and the shopper pays online', async ({ page, request }, testInfo) => {
  test.setTimeout(90_000);
  const { shopper } = await shopperWithCart(request, testInfo);
  await keepShopperSignedIn(page, shopper);
  await page.goto('/checkout');
  const checkout = page.getByRole('region', { name: 'Checkout' });
  await inView(checkout.getByRole('heading', { level: 1, name: 'Checkout' }));

  const why = 'Cash on delivery is available for orders up to ₹500. Please pay online.';
  const methods = checkout.getByRole('radiogroup', { name: 'Payment method' });
  const cod = methods.getByRole('radio', { name: /Cash on delivery/ });
  await inView(methods);
  await expect(cod).toBeDisabled();
  await expect(cod).toHaveAccessibleDescription(why);
  await inView(methods.getByText(why));
  const payNow = methods.getByRole('radio', { name: /^Pay now/ });
  await expect(payNow).toBeChecked();
  await screenshot(page, testInfo, 'checkout-cod-cap-explained', { fullPage: false });

  // Paying online goes through.
  await seen(checkout.getByRole('button', { name: /^Make Payment/ })).click();
  const overlay = page.getByRole('dialog', { name: 'Razorpay Checkout' });
  const frame = page.frameLocator('iframe[title="Razorpay Checkout"]');
  await expect(overlay).toBeInViewport();
  await seen(frame.getByRole('button', { name: 'Success' })).click();
  await expect(page).toHaveURL(/\/thankyou$/, { timeout: 20_000 });
  await inView(page.getByRole('heading', { level: 1, name: 'Thank-you' }));
  const orderNumber = (await (await page.getByText(/^Order number/).locator('strong').textContent()) ?? '').trim();
  expect(orderNumber).not.toBe('');
  await screenshot(page, testInfo, 'checkout-cod-cap-paid-online', { fullPage: false });
  // The order is paid online: the server took no cash-on-delivery order above its cap.
  const placed = await call<{ paymentMode: string; paymentStatus: string }>(request, 'GET', `/api/orders/${orderNumber}`, shopper.token);
  expect(placed.data.paymentMode).toBe('online');
  expect(placed.data.paymentStatus).toBe('success');
});
