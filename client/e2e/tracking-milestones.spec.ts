import { expect, type APIRequestContext } from '@playwright/test';
import { test } from './fixtures';
import { call, inView, screenshot, seen, keepShopperSignedIn, shopperWithCart } from './stack';

// Issue 21: the shopper's tracking page reads as milestones (placed, confirmed, shipped, out for
// delivery, delivered) with dates in India, the courier, the AWB, the tracking link and the
// delivery estimate; the failed payment attempt before the one that went through and the shop's
// internal moves are not shown; the short number (#1042) names the order; My Orders leaves out
// an online attempt the shopper gave up on. sim's courier moves only when asked
// (SIM_SHIPROCKET_STEP=off in the e2e stack).

interface Tracking {
  orderId: string;
  orderNumber: string;
  orderStatus: string;
  courierName: string;
  awb: string;
  trackUrl: string;
  estimatedDelivery: string | null;
  timeline: { status: string; at: string }[];
}

async function simUrl(request: APIRequestContext): Promise<string> {
  if (process.env.SIM_URL) return process.env.SIM_URL.replace(/\/$/, '');
  const config = await call<{ razorpayCheckoutUrl: string }>(request, 'GET', '/api/config');
  return new URL(config.data.razorpayCheckoutUrl).origin;
}

const istDateTime = new Intl.DateTimeFormat('en-IN', {
  day: 'numeric',
  month: 'short',
  year: 'numeric',
  hour: 'numeric',
  minute: '2-digit',
  timeZone: 'Asia/Kolkata',
});

test('tracking shows the milestones with Indian times, the courier and the estimate, and no failed payment', async ({ page, request }, testInfo) => {
  test.setTimeout(120_000);
  const sim = await simUrl(request);
  const { shopper, address } = await shopperWithCart(request, testInfo);
  type Checkout = { orderId: string; razorpayOrderId: string; key: string };

  // An online attempt the shopper gives up on: no order to them.
  const abandoned = await call<Checkout>(request, 'POST', '/api/payments/razorpay/order', shopper.token, { address });
  await call(request, 'POST', '/api/payments/razorpay/failed', shopper.token, { orderId: abandoned.data.orderId, description: 'Payment cancelled' });

  // The next attempt: the card is declined once, then the payment goes through.
  const checkout = await call<Checkout>(request, 'POST', '/api/payments/razorpay/order', shopper.token, { address });
  const number = checkout.data.orderId;
  const track = async () => (await call<Tracking>(request, 'GET', `/api/track?orderId=${number}`, shopper.token)).data;
  const pay = (outcome: string) =>
    request.post(`${sim}/razorpay/checkout/pay`, { data: { order_id: checkout.data.razorpayOrderId, key_id: checkout.data.key, outcome } });
  expect((await pay('failure')).ok()).toBe(true);
  await expect.poll(async () => (await track()).timeline.map((step) => step.status), { timeout: 20_000 }).toContain('PAYMENT_FAILED');
  expect((await pay('success')).ok()).toBe(true);
  await expect.poll(async () => (await track()).orderStatus, { timeout: 30_000, message: 'paid and pushed to the courier' }).toBe('NEW');
  for (const step of ['PICKUP_SCHEDULED', 'SHIPPED', 'IN_TRANSIT']) {
    const advance = await request.post(`${sim}/shiprocket/control/advance`, { data: { order_id: number } });
    expect(advance.ok(), `advance to ${step}: ${await advance.text()}`).toBe(true);
    await expect.poll(async () => (await track()).orderStatus, { timeout: 15_000 }).toBe(step);
  }
  const parcel = await track();
  expect(parcel.orderNumber).toMatch(/^\d+$/);
  expect(parcel.estimatedDelivery, 'the courier gave a delivery estimate').toBeTruthy();

  await keepShopperSignedIn(page, shopper);
  await page.goto(`/trackid/${number}`);
  const main = page.getByRole('main');
  // The page's code and the order load first (slow on a loaded machine).
  await inView(main.getByRole('heading', { level: 1, name: `Your order #${parcel.orderNumber}` }), { scroll: false, timeout: 30_000 });

  const progress = main.getByRole('list', { name: 'Order progress' });
  await inView(progress);
  const steps = progress.getByRole('listitem');
  await expect(steps).toHaveCount(5);
  const labels = ['Order placed', 'Confirmed', 'Shipped', 'Out for delivery', 'Delivered'];
  for (const [index, label] of labels.entries()) await expect(steps.nth(index)).toContainText(label);
  await expect(progress.locator('li[aria-current="step"]')).toContainText('Shipped');
  await expect(progress.locator('li[aria-current="step"]')).toContainText('In transit');
  await expect(progress.locator('li[data-state="upcoming"]')).toHaveCount(2);
  // Each milestone reached carries the time it was reached, in India.
  const placedAt = parcel.timeline.find((step) => step.status === 'PLACED')!.at;
  const placed = steps.nth(0).locator('time');
  await inView(placed);
  await expect(placed).toHaveText(istDateTime.format(new Date(placedAt)));
  const shippedAt = parcel.timeline.find((step) => step.status === 'SHIPPED')!.at;
  await expect(steps.nth(2).locator('time')).toHaveText(istDateTime.format(new Date(shippedAt)));
  // What the shopper need not see is not there.
  await expect(page.getByText(/Payment failed/i)).toHaveCount(0);
  await expect(page.getByText(/Waiting for payment/i)).toHaveCount(0);
  await expect(progress.getByText('Handed to the courier')).toHaveCount(0);

  await inView(main.getByText('Estimated delivery'));
  const shipment = main.getByRole('region', { name: 'Shipment' });
  await inView(shipment.getByText(parcel.courierName, { exact: true }));
  await inView(shipment.getByText(parcel.awb, { exact: true }));
  const link = shipment.getByRole('link', { name: `Track with ${parcel.courierName}` });
  await inView(link);
  await expect(link).toHaveAttribute('href', parcel.trackUrl);
  await progress.scrollIntoViewIfNeeded();
  await screenshot(page, testInfo, 'tracking-milestones', { fullPage: false });
  await screenshot(page, testInfo, 'tracking-milestones-page');

  // My Orders: the paid order by its short number; the abandoned attempt is not an order.
  await page.goto('/user/orders');
  const card = page.getByRole('article', { name: `#${parcel.orderNumber}` });
  await inView(card.getByRole('heading', { name: `#${parcel.orderNumber}` }));
  await expect(page.getByRole('article')).toHaveCount(1);
  await expect(page.getByText(abandoned.data.orderId)).toHaveCount(0);
  await screenshot(page, testInfo, 'my-orders-short-number', { fullPage: false });
  await seen(card.getByRole('link', { name: `Track order ${number}` })).click();
  await inView(page.getByRole('list', { name: 'Order progress' }));
});
