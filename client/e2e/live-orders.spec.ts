import { randomUUID } from 'node:crypto';
import { expect, type APIRequestContext, type Locator, type Page } from '@playwright/test';
import { test } from './fixtures';
import { call, inView, openBackOffice, screenshot, seen, shopperPage, shopperWithCart, subscribedTo } from './stack';

// The back office's order board, live, against the whole running stack: an admin has
// /admin/orders open; a shopper (another browser context) places a cash-on-delivery order;
// the board shows it without a reload, lit up. The worker hands it to sim's Shiprocket
// ('Processing'); then the test drives sim's courier one status at a time (the e2e stack runs sim
// with SIM_SHIPROCKET_STEP=off, so nothing moves by itself) and both the admin's status cell and
// the shopper's /trackid page walk to DELIVERED, without reloads.

/** What the courier reports, one advance at a time, as the board and the tracking page name it. */
const courierSteps = ['Pickup scheduled', 'Shipped', 'In transit', 'Out for delivery', 'Delivered'] as const;

/**
 * sim's HTTP address: SIM_URL when given, else the origin of the Razorpay checkout script the
 * shop's /api/config names (sim plays Razorpay and Shiprocket on one address).
 */
async function simUrl(request: APIRequestContext): Promise<string> {
  if (process.env.SIM_URL) return process.env.SIM_URL.replace(/\/$/, '');
  const config = await call<{ razorpayCheckoutUrl: string }>(request, 'GET', '/api/config');
  return new URL(config.data.razorpayCheckoutUrl).origin;
}

/** Marks the document, so the test can tell that a page never reloaded. */
async function markDocument(page: Page) {
  await page.evaluate(() => ((window as unknown as { __sameDocument: boolean }).__sameDocument = true));
}

async function sameDocument(page: Page): Promise<boolean> {
  return page.evaluate(() => (window as unknown as { __sameDocument?: boolean }).__sameDocument === true);
}

function boardRow(page: Page, orderNumber: string): Locator {
  return page.getByRole('table', { name: 'Orders' }).locator(`tbody[data-order="${orderNumber}"]`);
}

test('a new order appears live on the admin board and walks to Delivered with the courier, on the board and the shopper’s tracking page', async ({
  page,
  browser,
  request,
}, testInfo) => {
  // Two browsers, the worker's push and five courier webhooks: more than the usual 30 s.
  test.setTimeout(120_000);
  const sim = await simUrl(request);

  // The admin signs in and opens the board from the side navigation.
  const adminLive = subscribedTo(page, (topic) => topic === 'admin:orders');
  await openBackOffice(page);
  await seen(page.getByRole('navigation', { name: 'Back office' }).getByRole('link', { name: 'Orders' })).click();
  await expect(page).toHaveURL(/\/admin\/orders$/);
  await inView(page.getByRole('heading', { level: 1, name: 'Orders' }));
  await adminLive;
  await inView(page.getByRole('status', { name: 'Live updates: Live' }));
  await expect(page.getByRole('table', { name: 'Orders' })).not.toContainText('Loading...');
  await markDocument(page);

  // The shopper places a cash-on-delivery order from another browser.
  const { shopper, address } = await shopperWithCart(request, testInfo);
  const buyer = await shopperPage(browser, testInfo, shopper);
  const placed = await call<{ orderId: string; _id: string }>(request, 'POST', '/api/createOrder', shopper.token, { paymentMode: 'cod', address }, {
    'Idempotency-Key': randomUUID(),
  });
  const orderNumber = placed.data.orderId;

  // It arrives on the board without a reload, lit up as new, at the top.
  const row = boardRow(page, orderNumber);
  await inView(row);
  await expect(row).toHaveAttribute('data-live', 'new');
  // Newest first: only orders placed after it (by other tests running alongside) are above it.
  // An order number carries the millisecond it was placed (DRP + 13 digits + random letters).
  const placedAt = (number: string | null) => Number(number?.slice(3, 16));
  const onBoard = await page
    .getByRole('table', { name: 'Orders' })
    .locator('tbody')
    .evaluateAll((rows) => rows.map((r) => r.getAttribute('data-order')));
  expect(onBoard).toContain(orderNumber);
  expect(onBoard.slice(0, onBoard.indexOf(orderNumber)).filter((number) => placedAt(number) < placedAt(orderNumber))).toEqual([]);
  await expect(row).toContainText('Kavya Iyer');
  await expect(row).toContainText('Chennai');
  await expect(row).toContainText('COD');
  // On a phone the card is below the filters: bring it into view for the picture.
  if ((page.viewportSize()?.width ?? 1280) < 640) await row.evaluate((element) => element.scrollIntoView({ block: 'center' }));
  await screenshot(page, testInfo, 'live-orders-board-new', { fullPage: false });

  // The worker hands it to Shiprocket: 'Processing' (NEW), patched in place.
  const status = row.getByTestId('order-status');
  await expect(status).toHaveText('Processing', { timeout: 30_000 });
  await expect(status).toHaveAttribute('data-tone', 'waiting');
  await expect(row).not.toContainText('Not Added on Shiprocket');

  // The shopper follows the order on its tracking page (live on the shopper's own topic).
  const shopperLive = subscribedTo(buyer, (topic) => topic.startsWith('user:'));
  await buyer.goto(`/trackid/${orderNumber}`);
  const track = buyer.getByRole('main');
  await inView(track.getByRole('heading', { level: 1, name: 'Your order' }));
  // The badge beside the order number says where it is; the timeline marks the current step.
  const trackStatus = track.locator('header p').filter({ hasText: orderNumber }).locator('span').last();
  const progress = track.getByRole('list', { name: 'Order progress' });
  await expect(trackStatus).toHaveText('Processing');
  await expect(progress).toContainText('Handed to the courier');
  await shopperLive;
  await markDocument(buyer);

  // Row actions are there: only the statuses it may take next.
  await seen(row.getByRole('button', { name: `Change status of order ${orderNumber}` })).click();
  const dialog = page.getByRole('dialog', { name: 'Change status' });
  await expect(dialog.getByRole('radio')).toHaveCount(7);
  await inView(dialog.getByRole('radio', { name: /Delivered/ }));
  await screenshot(page, testInfo, 'live-orders-status-dialog', { fullPage: false });
  await seen(dialog.getByRole('button', { name: 'Cancel' })).click();
  await expect(dialog).toBeHidden();

  // sim's courier moves it on, one status at a time; both screens follow without reloads.
  for (const step of courierSteps) {
    const advance = await request.post(`${sim}/shiprocket/control/advance`, { data: { order_id: orderNumber } });
    expect(advance.ok(), `advance to ${step}: ${advance.status()} ${await advance.text()}`).toBe(true);
    await expect(status).toHaveText(step, { timeout: 15_000 });
    await expect(row).toHaveAttribute('data-live', /new|updated/);
    await expect(trackStatus).toHaveText(step, { timeout: 15_000 });
    if (step !== 'Delivered') await expect(progress.locator('li[aria-current="step"]')).toContainText(step);
  }

  // Delivered: green on the board, every step done on the tracking page.
  await expect(status).toHaveAttribute('data-tone', 'success');
  await expect(row).toContainText('Delhivery Surface');
  await expect(progress.locator('li[data-state="upcoming"]')).toHaveCount(0);
  await expect(progress.locator('li').last()).toContainText('Delivered');
  expect(await sameDocument(page), 'the board never reloaded').toBe(true);
  expect(await sameDocument(buyer), 'the tracking page never reloaded').toBe(true);

  // Let the last highlight fade before the pictures.
  await expect(row).not.toHaveAttribute('data-live', /.+/, { timeout: 10_000 });
  // The delivered row as staff see it: the table on a desktop, the order's card on a phone.
  if ((page.viewportSize()?.width ?? 1280) < 640) await row.evaluate((element) => element.scrollIntoView({ block: 'center' }));
  await screenshot(page, testInfo, 'live-orders-board-delivered', { fullPage: false });
  await screenshot(buyer, testInfo, 'live-orders-track-delivered');
  await buyer.context().close();
});

test('the board keeps its filters in the URL, and a filter change goes back to page 1', async ({ page }, testInfo) => {
  await openBackOffice(page, { at: '/admin/orders?pay=cod&page=2' });
  await inView(page.getByRole('heading', { level: 1, name: 'Orders' }));
  // On a phone the filters beside the search box fold away behind a button.
  const filtersButton = page.getByRole('button', { name: /^Filters/ });
  if (await filtersButton.isVisible()) {
    await expect(filtersButton).toHaveAttribute('aria-expanded', 'false');
    await seen(filtersButton).click();
  }
  await seen(page.getByRole('combobox', { name: 'Status' })).selectOption('DELIVERED');
  await expect(page).toHaveURL(/\/admin\/orders\?status=DELIVERED&pay=cod$/);
  await seen(page.getByRole('searchbox', { name: 'Search' })).fill('no-such-customer-anywhere');
  await expect(page).toHaveURL(/q=no-such-customer-anywhere/);
  await expect(page.getByRole('table', { name: 'Orders' })).toContainText('No matching orders found.');
  await screenshot(page, testInfo, 'live-orders-board-empty', { fullPage: false });
  await seen(page.getByRole('button', { name: 'Clear filters' })).click();
  await expect(page).toHaveURL(/\/admin\/orders$/);
});
