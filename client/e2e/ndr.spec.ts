import { randomUUID } from 'node:crypto';
import { expect, type APIRequestContext } from '@playwright/test';
import { test } from './fixtures';
import { call, openBackOffice, screenshot, seen, shopperPage, shopperWithCart } from './stack';

// A failed delivery (NDR, issue 19), as the shopper and staff meet it: sim's courier takes the
// order out for delivery and fails (its NDR control sends the UNDELIVERED webhook); the
// shopper's order page says "Delivery attempt failed: <reason>"; the mail in sim's mailbox
// links to the answer page, where a wrong phone is refused under its field and a re-attempt on
// a chosen day is taken; staff's NDR queue shows the order with the courier's reason and the
// answer, sent to the courier by the worker.

interface Tracking {
  orderStatus: string;
}

/** sim's HTTP address: SIM_URL, else the origin of the Razorpay checkout script /api/config names. */
async function simUrl(request: APIRequestContext): Promise<string> {
  if (process.env.SIM_URL) return process.env.SIM_URL.replace(/\/$/, '');
  const config = await call<{ razorpayCheckoutUrl: string }>(request, 'GET', '/api/config');
  return new URL(config.data.razorpayCheckoutUrl).origin;
}

test('a failed delivery answered from the shopper\'s link, and the staff queue showing it', async ({ page, browser, request }, testInfo) => {
  test.setTimeout(120_000);
  const sim = await simUrl(request);
  const { shopper, address } = await shopperWithCart(request, testInfo);
  const placed = await call<{ orderId: string }>(request, 'POST', '/api/createOrder', shopper.token, { paymentMode: 'cod', address }, {
    'Idempotency-Key': randomUUID(),
  });
  const orderNumber = placed.data.orderId;
  const tracking = async () => (await call<Tracking>(request, 'GET', `/api/track?orderId=${orderNumber}&email=${encodeURIComponent(shopper.email)}`)).data;
  await expect.poll(async () => (await tracking()).orderStatus, { timeout: 30_000, message: 'pushed to the courier' }).toBe('NEW');
  for (const step of ['PICKUP_SCHEDULED', 'SHIPPED', 'IN_TRANSIT', 'OUT_FOR_DELIVERY']) {
    const advance = await request.post(`${sim}/shiprocket/control/advance`, { data: { order_id: orderNumber } });
    expect(advance.ok(), `advance to ${step}: ${advance.status()} ${await advance.text()}`).toBe(true);
    await expect.poll(async () => (await tracking()).orderStatus, { timeout: 15_000, message: `courier reports ${step}` }).toBe(step);
  }

  // The shopper's order page is open when the courier fails: the notice comes in live.
  const own = await shopperPage(browser, testInfo, shopper);
  await own.goto(`/trackid/${orderNumber}`);
  await expect(own.getByRole('heading', { level: 1, name: 'Your order' })).toBeInViewport({ timeout: 30_000 });
  const failed = await request.post(`${sim}/shiprocket/control/ndr`, { data: { order_id: orderNumber, reason: 'Customer not available at the address' } });
  expect(failed.ok(), `sim's failed attempt: ${await failed.text()}`).toBe(true);
  const notice = own.getByRole('status', { name: 'Delivery attempt failed' });
  await expect(notice).toContainText('Delivery attempt failed: Customer not available at the address', { timeout: 15_000 });
  await notice.scrollIntoViewIfNeeded();
  await expect(notice).toBeInViewport();
  await expect(notice.getByRole('link', { name: 'Choose what happens next' })).toBeInViewport();
  await expect(own.getByText('OUT_FOR_DELIVERY').or(own.getByText('Out for delivery')).first()).toBeVisible();
  await screenshot(own, testInfo, 'ndr-order-page', { fullPage: false });
  await own.context().close();

  // The mail in sim's mailbox carries the link.
  let link = '';
  await expect
    .poll(
      async () => {
        const answer = await request.get(`${sim}/mail/api/messages?to=${encodeURIComponent(shopper.email)}`);
        const { messages } = (await answer.json()) as { messages: { subject: string; text: string }[] };
        const mail = messages.find((m) => m.subject === `We could not deliver your order ${orderNumber}`);
        link = mail?.text.match(/https?:\/\/\S+\/delivery-issue\/\S+/)?.[0] ?? '';
        return link;
      },
      { timeout: 20_000, message: 'the NDR mail with its link' },
    )
    .toContain('/delivery-issue/');

  await page.goto(new URL(link).pathname);
  await expect(page.getByRole('heading', { level: 1, name: 'We could not deliver your order' })).toBeInViewport();
  await expect(page.getByText('Delivery attempt failed: Customer not available at the address', { exact: false })).toBeInViewport();
  await screenshot(page, testInfo, 'ndr-link-page');

  // A wrong phone is refused under its field, and nothing is sent.
  await seen(page.getByRole('radio', { name: 'Correct my phone number or address' })).check();
  const phone = page.getByRole('textbox', { name: 'Mobile number' });
  await seen(phone).fill('12345');
  await seen(page.getByRole('button', { name: 'Send my answer' })).click();
  await expect(page.getByText('Phone must be 10 digits')).toBeInViewport();
  await screenshot(page, testInfo, 'ndr-link-bad-phone', { fullPage: false });

  // A re-attempt on the second day offered.
  await seen(page.getByRole('radio', { name: 'Deliver again on a day I choose' })).check();
  const days = page.getByRole('group', { name: 'Which day suits you?' }).getByRole('radio');
  await expect(days).toHaveCount(3);
  await seen(days.nth(1)).check();
  await seen(page.getByRole('button', { name: 'Send my answer' })).click();
  const thanks = page.getByRole('heading', { name: 'Thank you, we have your answer' });
  await expect(thanks).toBeInViewport();
  await expect(page.getByText(/Re-attempt on \w{3}, \d{1,2} \w{3}/)).toBeInViewport();
  await screenshot(page, testInfo, 'ndr-link-answered');

  // Staff's queue: the order, the courier's reason, the attempt, and the answer sent to the courier.
  await openBackOffice(page, { at: '/admin/ndr' });
  await expect(page.getByRole('heading', { level: 1, name: 'Failed deliveries' })).toBeInViewport();
  const row = page.locator(`li[data-order="${orderNumber}"]`);
  await row.scrollIntoViewIfNeeded();
  await expect(row).toBeInViewport();
  await expect(row).toContainText('Customer not available at the address');
  await expect(row).toContainText('Attempt 1 of 3');
  await expect(row).toContainText(/Re-attempt on/);
  await expect(row).toContainText('Sent to the courier', { timeout: 20_000 });
  await screenshot(page, testInfo, 'ndr-queue', { fullPage: false });
});
