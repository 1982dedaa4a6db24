import { randomUUID } from 'node:crypto';
import { expect, type APIRequestContext, type Locator, type Page, type TestInfo } from '@playwright/test';
import { test } from './fixtures';
import { backOfficeToken, call, inView, openBackOffice, screenshot, seen, shopperPage, someAddress, type Shopper } from './stack';

// A size exchange end to end, as the shopper and staff see it, against the whole running stack:
// a product of the test's own (M, L), a shopper's cash-on-delivery order of one M, delivered by
// staff through the API. The shopper asks on their order page to exchange M for L; staff find
// it in the returns queue and approve it in its drawer, then open the order's page and mark
// the parcel received and pass QC there. The shopper's order page, open in a browser of its
// own, follows every step without a reload or a navigation: the request's status and its
// last step change in place. It ends at QC passed (the new parcel is the worker's). It makes
// a product, so it runs with the shared-state specs.

interface Product {
  _id: string;
  productName: string;
}

/** A returnable product of the test's own in M (5) and L (5). */
async function productToExchange(request: APIRequestContext, staff: string): Promise<Product> {
  const policy = await call<{ returnableSubCategories: { _id: string }[] }>(request, 'GET', '/api/returns/policy');
  const listed = await call<{ items: { thumbnail: string }[] }>(request, 'GET', '/api/getproduct?limit=1');
  const code = `EXC-${Date.now().toString(36).toUpperCase()}`;
  const made = await call<Product>(request, 'POST', '/api/admin/products', staff, {
    productId: code,
    productName: `Charcoal Sherwani ${code.slice(-4)}`,
    gender: 'Men',
    status: '',
    subcategoryId: policy.data.returnableSubCategories[0]?._id,
    price: 8999,
    discount: 0,
    colour: 'Charcoal',
    thumbnail: listed.data.items[0]?.thumbnail ?? '',
    images: [],
    basicProductDescription: 'A charcoal sherwani for the wedding season.',
    sizes: [
      { size: 'M', stock: 5 },
      { size: 'L', stock: 5 },
    ],
  });
  return made.data;
}

/** A new shopper whose cash-on-delivery order of one `product` in M was delivered; its number. */
async function deliveredOrder(request: APIRequestContext, testInfo: TestInfo, product: Product, staff: string) {
  const email = `exchange-${testInfo.project.name}-${Date.now()}-${Math.floor(Math.random() * 1e4)}@example.com`;
  const registered = await call<unknown>(request, 'POST', '/api/register', undefined, { firstName: 'Ishaan Rao', email, password: 'tailored-2026' }, someAddress());
  const shopper: Shopper = { email, token: registered.token!, user: registered.data };
  const address = await call<{ _id: string }>(request, 'POST', '/api/addAddress', shopper.token, {
    firstName: 'Ishaan',
    lastName: 'Rao',
    email,
    phone: '9812345673',
    address1: '5 Richmond Road',
    address2: 'Shanthala Nagar',
    landmark: '',
    city: 'Bengaluru',
    state: 'Karnataka',
    pincode: '560025',
    type: 'home',
    isDefault: true,
  });
  await call(request, 'POST', '/api/addToCart', shopper.token, { productId: product._id, size: 'M', quantity: 1 });
  const placed = await call<{ _id: string; orderId: string }>(request, 'POST', '/api/createOrder', shopper.token, { paymentMode: 'cod', address: address.data._id }, {
    'Idempotency-Key': randomUUID(),
  });
  for (const status of ['NEW', 'DELIVERED']) {
    await call(request, 'POST', '/api/orderStatus', staff, { id: placed.data._id, orderStatus: status, note: 'Handed over at the door' });
  }
  return { shopper, orderId: placed.data.orderId };
}

/** Marks the page so a reload or a navigation (a new document) would be seen. */
async function markDocument(page: Page) {
  await page.evaluate(() => ((window as unknown as { sameDocument: boolean }).sameDocument = true));
}

async function sameDocument(page: Page, url: string) {
  expect(await page.evaluate(() => (window as unknown as { sameDocument?: boolean }).sameDocument), 'the same document, never reloaded').toBe(true);
  expect(page.url()).toBe(url);
}

/** The shopper's request card shows `status`, and its last step (the current one) says `step`. */
async function shopperSees(card: Locator, steps: Locator, status: string, step: string) {
  const shown = card.getByTestId('return-status');
  await inView(shown, { timeout: 20_000 });
  await expect(shown).toHaveText(status, { timeout: 20_000 });
  const last = steps.last();
  await inView(last);
  await expect(last).toContainText(step);
  await expect(last).toHaveAttribute('aria-current', 'step');
}

test('a shopper asks to exchange a size; staff approve, receive and pass QC; the shopper’s order page follows each step live', async ({
  page,
  browser,
  request,
}, testInfo) => {
  test.setTimeout(240_000);
  const staff = await backOfficeToken(request);
  const product = await productToExchange(request, staff);
  const { shopper, orderId } = await deliveredOrder(request, testInfo, product, staff);
  const tab = await shopperPage(browser, testInfo, shopper);
  const requestId = `${orderId}-R1`;
  try {
    // The shopper asks on their order page: exchange one M for L, too small.
    await tab.goto(`/trackid/${orderId}`);
    const ask = tab.getByRole('button', { name: 'Return or exchange' });
    await inView(ask, { timeout: 30_000 });
    await seen(ask).click();
    const dialog = tab.getByRole('dialog', { name: 'Return or exchange' });
    await inView(dialog.getByRole('heading', { name: 'Return or exchange' }));
    const exchange = dialog.getByRole('radio', { name: /Exchange for another size/ });
    await seen(exchange).check();
    await inView(exchange);
    await expect(exchange).toBeChecked();
    await seen(dialog.getByRole('combobox', { name: /New size/ })).selectOption('L');
    await seen(dialog.getByRole('combobox', { name: 'Reason' })).selectOption({ label: 'Too small' });
    await screenshot(tab, testInfo, 'exchange-asking', { fullPage: false });
    await seen(dialog.getByRole('button', { name: 'Ask for the exchange' })).click();
    await expect(dialog).toHaveCount(0);

    const card = tab.getByRole('listitem', { name: `Request ${requestId}` });
    const steps = card.getByRole('list', { name: `Steps of ${requestId}` }).getByRole('listitem');
    await shopperSees(card, steps, 'Exchange requested', 'Exchange requested');
    await inView(card.getByText(`1 × ${product.productName}, size M → size L`));
    await screenshot(tab, testInfo, 'exchange-requested', { fullPage: false });
    await markDocument(tab);
    const shopperUrl = tab.url();

    // Staff find it in the returns queue and open it.
    await openBackOffice(page, { at: `/admin/returnorders?q=${encodeURIComponent(orderId)}` });
    const queue = page.getByRole('table', { name: 'Return requests' });
    const open = queue.getByRole('button', { name: `Open ${requestId}` });
    await inView(open, { timeout: 30_000 }); // the back office's queue loads slowly on a busy machine
    await open.click();
    const drawer = page.getByRole('dialog', { name: requestId });
    await inView(drawer.getByRole('heading', { name: requestId }));
    const items = drawer.getByRole('region', { name: 'Items' });
    await inView(items);
    await expect(items).toContainText('1 × size M → L (1 held)');

    // Approve, with a note to the shopper: the drawer says Approved, the shopper's page follows.
    await seen(drawer.getByRole('textbox', { name: /Note to the shopper/ })).fill('Keep the tags on, the courier comes in two days.');
    await seen(drawer.getByRole('button', { name: 'Approve' })).click();
    const drawerStatus = drawer.getByTestId('request-status');
    await inView(drawerStatus);
    await expect(drawerStatus).not.toHaveText('Exchange requested');
    await screenshot(page, testInfo, 'exchange-approved-staff', { fullPage: false });
    // The worker may book the courier's pickup at once (Pickup scheduled) after the approval.
    await inView(card.getByTestId('return-status'), { timeout: 20_000 });
    await expect(card.getByTestId('return-status')).toHaveText(/Approved|Pickup scheduled/, { timeout: 20_000 });
    await expect(steps.filter({ hasText: 'Approved' })).toHaveCount(1);
    const approvedStep = steps.filter({ hasText: 'Approved' });
    await inView(approvedStep);
    await expect(approvedStep).toContainText('Keep the tags on');
    await sameDocument(tab, shopperUrl);
    await screenshot(tab, testInfo, 'exchange-approved-shopper', { fullPage: false });

    // The order's page, from the drawer: the same moves in its returns panel.
    const orderLink = drawer.getByRole('link', { name: `Order ${orderId}` });
    await seen(orderLink).click();
    await expect(page).toHaveURL(/\/admin\/orders\/[^/]+$/);
    const panel = page.getByRole('region', { name: 'Returns and exchanges' });
    const staffCard = panel.getByRole('listitem', { name: `Request ${requestId}` });
    const staffStatus = staffCard.getByTestId('return-status');
    await inView(staffStatus, { timeout: 45_000 }); // the order page's chunks load slowly on a busy machine

    // Received: the shopper's page follows.
    const received = staffCard.getByRole('button', { name: 'Mark received' });
    await seen(received).click();
    await inView(staffStatus);
    await expect(staffStatus).toHaveText('Received');
    await screenshot(page, testInfo, 'exchange-received-staff', { fullPage: false });
    await shopperSees(card, steps, 'Received', 'Received');
    await sameDocument(tab, shopperUrl);
    await screenshot(tab, testInfo, 'exchange-received-shopper', { fullPage: false });

    // QC passed: the shopper's page follows; staff have no move left (the new parcel is the worker's).
    const passed = staffCard.getByRole('button', { name: 'QC passed' });
    await seen(passed).click();
    await inView(staffStatus);
    await expect(staffStatus).toHaveText('Quality check passed');
    await expect(staffCard.getByRole('group', { name: `Actions on ${requestId}` })).toHaveCount(0);
    await screenshot(page, testInfo, 'exchange-qc-passed-staff', { fullPage: false });
    await shopperSees(card, steps, 'Quality check passed', 'Quality check passed');
    await sameDocument(tab, shopperUrl);
    await screenshot(tab, testInfo, 'exchange-qc-passed-shopper', { fullPage: false });
  } finally {
    await tab.context().close();
    const answer = await request.fetch(`/api/admin/products/${product._id}`, { method: 'DELETE', headers: { Authorization: `Bearer ${staff}` } });
    expect(answer.ok(), `DELETE product → ${answer.status()}`).toBe(true);
  }
});
