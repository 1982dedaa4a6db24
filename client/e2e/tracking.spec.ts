import { randomUUID } from 'node:crypto';
import { expect, type APIRequestContext } from '@playwright/test';
import { test } from './fixtures';
import { call, screenshot, shopperWithCart } from './stack';

// The tracking page as a guest reaches it from the shipped mail's link (/trackid/{order}?email=):
// once sim's courier has the parcel and moved it on, the page names the courier, the airway
// bill and the courier's tracking link, as the mail does, and the courier's latest scan. The
// e2e stack runs sim with SIM_SHIPROCKET_STEP=off: the courier moves only when asked
// (POST /shiprocket/control/advance).

interface Tracking {
  orderStatus: string;
  courierName: string;
  awb: string;
  trackUrl: string;
  latestScan: { at: string; activity: string; location: string } | null;
}

/** sim's HTTP address: SIM_URL, else the origin of the Razorpay checkout script /api/config names. */
async function simUrl(request: APIRequestContext): Promise<string> {
  if (process.env.SIM_URL) return process.env.SIM_URL.replace(/\/$/, '');
  const config = await call<{ razorpayCheckoutUrl: string }>(request, 'GET', '/api/config');
  return new URL(config.data.razorpayCheckoutUrl).origin;
}

test('the tracking page shows the courier, the airway bill, the tracking link and the latest scan', { tag: '@desktop' }, async ({ page, request }, testInfo) => {
  test.setTimeout(90_000);
  const sim = await simUrl(request);
  const { shopper, address } = await shopperWithCart(request, testInfo);
  const placed = await call<{ orderId: string }>(request, 'POST', '/api/createOrder', shopper.token, { paymentMode: 'cod', address }, {
    'Idempotency-Key': randomUUID(),
  });
  const orderNumber = placed.data.orderId;
  const trackPath = `/api/track?orderId=${orderNumber}&email=${encodeURIComponent(shopper.email)}`;
  const tracking = async () => (await call<Tracking>(request, 'GET', trackPath)).data;

  // The worker hands the order to sim's Shiprocket; then its courier picks it up and moves it on.
  await expect.poll(async () => (await tracking()).orderStatus, { timeout: 30_000, message: 'pushed to the courier' }).toBe('NEW');
  for (const step of ['PICKUP_SCHEDULED', 'SHIPPED', 'IN_TRANSIT']) {
    const advance = await request.post(`${sim}/shiprocket/control/advance`, { data: { order_id: orderNumber } });
    expect(advance.ok(), `advance to ${step}: ${advance.status()} ${await advance.text()}`).toBe(true);
    await expect.poll(async () => (await tracking()).orderStatus, { timeout: 15_000, message: `courier reports ${step}` }).toBe(step);
  }
  const parcel = await tracking();
  expect(parcel.awb, 'the courier assigned an airway bill').toMatch(/^\d{10,}$/);
  expect(parcel.latestScan, 'the courier scanned the parcel').not.toBeNull();

  // A guest opens the link from the shipped mail.
  await page.goto(`/trackid/${orderNumber}?email=${encodeURIComponent(shopper.email)}`);
  const main = page.getByRole('main');
  const heading = main.getByRole('heading', { level: 1, name: 'Your order' });
  await expect(heading).toBeInViewport();
  await expect(main.getByText(orderNumber, { exact: true })).toBeInViewport();

  // The shipment: a person scrolls to it, then reads it.
  const shipment = main.getByRole('region', { name: 'Shipment' });
  await shipment.scrollIntoViewIfNeeded();
  await expect(shipment).toBeInViewport();
  const courier = shipment.getByText(parcel.courierName, { exact: true });
  await expect(courier).toBeInViewport();
  await expect(courier).toBeVisible();
  const awb = shipment.getByText(parcel.awb, { exact: true });
  await expect(awb).toBeInViewport();
  await expect(awb).toBeVisible();
  const scan = shipment.getByText(parcel.latestScan!.activity, { exact: false });
  await expect(scan).toBeInViewport();
  await expect(scan).toContainText(parcel.latestScan!.location);
  const link = shipment.getByRole('link', { name: `Track with ${parcel.courierName}` });
  await expect(link).toBeInViewport();
  await expect(link).toHaveAttribute('href', parcel.trackUrl);
  await expect(link).toHaveAttribute('target', '_blank');
  expect(parcel.trackUrl).toBe(`https://shiprocket.co/tracking/${parcel.awb}`);
  await screenshot(page, testInfo, 'tracking-shipment', { fullPage: false });

  // The progress beside it is where the courier says the parcel is.
  const progress = main.getByRole('list', { name: 'Order progress' });
  await progress.scrollIntoViewIfNeeded();
  await expect(progress).toBeInViewport();
  await expect(progress.locator('li[aria-current="step"]')).toContainText('In transit');
  await screenshot(page, testInfo, 'tracking-page');
});
