import { randomUUID } from 'node:crypto';
import { expect, type APIRequestContext } from '@playwright/test';
import { test } from './fixtures';
import { call, clickAndSee, inView, screenshot, seen, keepShopperSignedIn, shopperWithCart } from './stack';

// Order updates by message as a shopper meets them: the account page offers WhatsApp (chosen
// until they choose), SMS or no messages; after choosing SMS, the order they place is announced
// by SMS on its DLT template at sim's MSG91, which sim's message log page shows.

/** sim's HTTP address: SIM_URL, else the origin of the Razorpay checkout script /api/config names. */
async function simUrl(request: APIRequestContext): Promise<string> {
  if (process.env.SIM_URL) return process.env.SIM_URL.replace(/\/$/, '');
  const config = await call<{ razorpayCheckoutUrl: string }>(request, 'GET', '/api/config');
  return new URL(config.data.razorpayCheckoutUrl).origin;
}

test('a shopper who chooses SMS gets their order placed update by SMS', { tag: '@phone' }, async ({ page, request }, testInfo) => {
  test.setTimeout(90_000);
  const sim = await simUrl(request);
  const { shopper, address } = await shopperWithCart(request, testInfo);
  await keepShopperSignedIn(page, shopper);
  await page.goto('/user/accountdetails');
  const section = page.getByRole('region', { name: 'Order updates' });
  await expect(await seen(section.getByRole('radio', { name: 'WhatsApp' }))).toBeChecked();
  await (await seen(section.getByRole('radio', { name: 'SMS' }))).check();
  await clickAndSee(section.getByRole('button', { name: 'Save order updates' }), page.getByText('Order updates saved').first());
  await screenshot(page, testInfo, 'order-updates-sms', { fullPage: false });
  await page.reload();
  await expect(await seen(page.getByRole('region', { name: 'Order updates' }).getByRole('radio', { name: 'SMS' }))).toBeChecked();

  const placed = await call<{ orderId: string; orderNumber: string }>(request, 'POST', '/api/createOrder', shopper.token, { paymentMode: 'cod', address }, {
    'Idempotency-Key': randomUUID(),
  });
  // Messages name the order by its short number, as people read it (#1042).
  const number = `#${placed.data.orderNumber}`;
  expect(placed.data.orderNumber).toMatch(/^\d+$/);
  const sent = async () => {
    const answer = await request.get(`${sim}/messages/api/messages?to=919812345670`);
    const { messages } = (await answer.json()) as { messages: { provider: string; text: string; dltTemplateId: string }[] };
    return messages.filter((m) => m.text.includes(` ${number} `)).map((m) => `${m.provider} ${m.dltTemplateId}`);
  };
  await expect.poll(sent, { timeout: 30_000, message: 'the order placed SMS at sim' }).toEqual(['sms 1107170000000000101']);

  await page.goto(`${sim}/messages`);
  await inView(page.getByRole('cell', { name: new RegExp(`your order ${number} of`) }).first());
  await screenshot(page, testInfo, 'sim-messages', { fullPage: false });
});
