import { randomUUID } from 'node:crypto';
import { expect, type APIRequestContext, type TestInfo } from '@playwright/test';
import { test } from './fixtures';
import { backOfficeToken, call, inView, openBackOffice, screenshot, seen, shopperPage, someAddress, type Shopper } from './stack';

// The back office's returns queue (/admin/returnorders), the product page's fit note and the
// analytics page's return rates, against the whole running stack. A product of the test's own
// (M, L, XL); a shopper's cash-on-delivery order of five in M, delivered by staff through the API.
// The shopper asks to exchange one M for L on their order page; staff open the queue from the
// back office's menu, see a second request (asked elsewhere) arrive without a reload, find the
// exchange by kind and order number, open it and approve it; the shopper's open order page
// shows the approval without a reload. Three more size returns (a size up) make five: the
// product page says it runs small, and the analytics page lists the product's return rate.
// It makes a product and counts every return, so it runs with the shared-state specs.

interface Product {
  _id: string;
  productName: string;
}

/** A returnable product of the test's own in M (10), L (5) and XL (5). */
async function productToReturn(request: APIRequestContext, staff: string): Promise<Product> {
  const policy = await call<{ returnableSubCategories: { _id: string }[] }>(request, 'GET', '/api/returns/policy');
  const listed = await call<{ items: { thumbnail: string }[] }>(request, 'GET', '/api/getproduct?limit=1');
  const code = `FIT-${Date.now().toString(36).toUpperCase()}`;
  const made = await call<Product>(request, 'POST', '/api/admin/products', staff, {
    productId: code,
    productName: `Navy Bandhgala ${code.slice(-4)}`,
    gender: 'Men',
    status: '',
    subcategoryId: policy.data.returnableSubCategories[0]?._id,
    price: 6999,
    discount: 0,
    colour: 'Navy',
    thumbnail: listed.data.items[0]?.thumbnail ?? '',
    images: [],
    basicProductDescription: 'A structured bandhgala for evening functions.',
    sizes: [
      { size: 'M', stock: 10 },
      { size: 'L', stock: 5 },
      { size: 'XL', stock: 5 },
    ],
  });
  return made.data;
}

/** A new shopper whose cash-on-delivery order of five `product` in M was delivered; its number. */
async function deliveredOrder(request: APIRequestContext, testInfo: TestInfo, product: Product, staff: string) {
  const email = `queue-${testInfo.project.name}-${Date.now()}-${Math.floor(Math.random() * 1e4)}@example.com`;
  const registered = await call<unknown>(request, 'POST', '/api/register', undefined, { firstName: 'Rohan Kapoor', email, password: 'tailored-2026' }, someAddress());
  const shopper: Shopper = { email, token: registered.token!, user: registered.data };
  const address = await call<{ _id: string }>(request, 'POST', '/api/addAddress', shopper.token, {
    firstName: 'Rohan',
    lastName: 'Kapoor',
    email,
    phone: '9812345672',
    address1: '21 Prithviraj Road',
    address2: 'Lodhi Estate',
    landmark: '',
    city: 'New Delhi',
    state: 'Delhi',
    pincode: '110011',
    type: 'home',
    isDefault: true,
  });
  await call(request, 'POST', '/api/addToCart', shopper.token, { productId: product._id, size: 'M', quantity: 5 });
  const placed = await call<{ _id: string; orderId: string }>(request, 'POST', '/api/createOrder', shopper.token, { paymentMode: 'cod', address: address.data._id }, {
    'Idempotency-Key': randomUUID(),
  });
  for (const status of ['NEW', 'DELIVERED']) {
    await call(request, 'POST', '/api/orderStatus', staff, { id: placed.data._id, orderStatus: status, note: 'Handed over' });
  }
  return { shopper, orderId: placed.data.orderId };
}

async function send(request: APIRequestContext, path: string, token: string) {
  const answer = await request.fetch(path, { method: 'DELETE', headers: { Authorization: `Bearer ${token}` } });
  expect(answer.ok(), `DELETE ${path} → ${answer.status()}`).toBe(true);
}

test('staff find a shopper’s exchange in the returns queue, filter, open and approve it; the shopper sees it live; five size returns make a fit note', { tag: '@desktop' }, async ({
  page,
  browser,
  request,
}, testInfo) => {
  test.setTimeout(180_000);
  const staff = await backOfficeToken(request);
  const product = await productToReturn(request, staff);
  try {
    const { shopper, orderId } = await deliveredOrder(request, testInfo, product, staff);

    // The shopper asks for an exchange of one M for L on their order page.
    const shopperTab = await shopperPage(browser, testInfo, shopper);
    await shopperTab.goto(`/trackid/${orderId}`);
    const askButton = shopperTab.getByRole('button', { name: 'Return or exchange' });
    await inView(askButton, { timeout: 30_000 });
    await seen(askButton).click();
    const dialog = shopperTab.getByRole('dialog', { name: 'Return or exchange' });
    await inView(dialog.getByRole('heading', { name: 'Return or exchange' }));
    await seen(dialog.getByRole('radio', { name: /Exchange for another size/ })).check();
    await seen(dialog.getByRole('combobox', { name: /New size/ })).selectOption('L');
    await seen(dialog.getByRole('combobox', { name: 'Reason' })).selectOption({ label: 'Too small' });
    await seen(dialog.getByRole('button', { name: 'Ask for the exchange' })).click();
    await expect(dialog).toHaveCount(0);
    const card = shopperTab.getByRole('listitem', { name: `Request ${orderId}-R1` });
    await inView(card.getByTestId('return-status'));
    await expect(card.getByTestId('return-status')).toHaveText('Exchange requested');
    await shopperTab.evaluate(() => ((window as unknown as { notReloaded: boolean }).notReloaded = true));

    // Staff open the queue from the back office's menu.
    await openBackOffice(page);
    const menuLink = page.getByRole('navigation').getByRole('link', { name: 'Returns', exact: true });
    await inView(menuLink, { timeout: 30_000 });
    await seen(menuLink).click();
    await expect(page).toHaveURL(/\/admin\/returnorders$/);
    await inView(page.getByRole('heading', { name: 'Returns', level: 1 }));
    const queue = page.getByRole('table', { name: 'Return requests' });
    const row = (id: string) => queue.getByRole('row', { name: new RegExp(`^${id},`) });
    await inView(row(`${orderId}-R1`));

    // Another request of the same order, asked elsewhere, arrives without a reload.
    await page.evaluate(() => ((window as unknown as { notReloaded: boolean }).notReloaded = true));
    await call(request, 'POST', `/api/orders/${orderId}/returns`, shopper.token, { kind: 'return', lines: [{ item: 0, quantity: 1 }], reason: 'too_small', payout: { upi: 'meera@okaxis' } });
    await inView(row(`${orderId}-R2`));
    expect(await page.evaluate(() => (window as unknown as { notReloaded?: boolean }).notReloaded)).toBe(true);

    // Filter: exchanges of this order only; the counts follow the filters.
    const filters = page.getByRole('search', { name: 'Filter returns' });
    await seen(filters.getByRole('combobox', { name: 'Kind' })).selectOption('exchange');
    await seen(filters.getByRole('searchbox', { name: 'Search' })).fill(orderId);
    await seen(filters.getByRole('button', { name: 'Search' })).click();
    await expect(page).toHaveURL(/kind=exchange/);
    await inView(row(`${orderId}-R1`));
    await expect(queue.getByRole('row')).toHaveCount(2);
    const requested = page.getByRole('navigation', { name: 'Requests by status' }).getByRole('button', { name: /Requested/ });
    await inView(requested);
    await expect(requested).toContainText('1');
    await screenshot(page, testInfo, 'returns-queue');

    // Open it: the lines, reason, shopper and first step; approve.
    await seen(queue.getByRole('button', { name: `Open ${orderId}-R1` })).click();
    const drawer = page.getByRole('dialog', { name: `${orderId}-R1` });
    await inView(drawer.getByRole('heading', { name: `${orderId}-R1` }));
    await inView(drawer.getByText(product.productName));
    await expect(drawer.getByRole('region', { name: 'Items' })).toContainText('1 × size M → L (1 held)');
    await expect(drawer.getByRole('region', { name: 'Items' })).toContainText('Too small');
    await expect(drawer.getByRole('region', { name: 'Shopper' })).toContainText(shopper.email);
    const steps = drawer.getByRole('list', { name: `Steps of ${orderId}-R1` }).getByRole('listitem');
    await expect(steps).toHaveCount(1);
    await screenshot(page, testInfo, 'returns-request-open', { fullPage: false });
    await seen(drawer.getByRole('textbox', { name: /Note to the shopper/ })).fill('Please keep the tags on; the courier comes in two days.');
    await seen(drawer.getByRole('button', { name: 'Approve' })).click();
    await inView(drawer.getByTestId('request-status'));
    await expect(drawer.getByTestId('request-status')).toHaveText('Approved');
    await expect(steps).toHaveCount(2);
    await inView(steps.last());
    await expect(steps.last()).toContainText('Staff');
    await expect(steps.last()).toContainText('Please keep the tags on');
    await expect(drawer.getByRole('button', { name: 'Approve' })).toHaveCount(0);
    await screenshot(page, testInfo, 'returns-request-approved', { fullPage: false });
    await seen(drawer.getByRole('button', { name: 'Close the request' })).click();
    await inView(row(`${orderId}-R1`).getByTestId('queue-status'));
    await expect(row(`${orderId}-R1`).getByTestId('queue-status')).toHaveText('Approved');

    // The shopper's open order page follows, without a reload.
    await inView(card.getByTestId('return-status'));
    await expect(card.getByTestId('return-status')).toHaveText('Approved');
    expect(await shopperTab.evaluate(() => (window as unknown as { notReloaded?: boolean }).notReloaded)).toBe(true);

    // Three more size returns a size up: five, all up. The product page says it runs small.
    await call(request, 'POST', `/api/orders/${orderId}/returns`, shopper.token, { kind: 'exchange', lines: [{ item: 0, quantity: 1, newSize: 'XL' }], reason: 'poor_fit' });
    for (let i = 0; i < 2; i++) {
      await call(request, 'POST', `/api/orders/${orderId}/returns`, shopper.token, { kind: 'return', lines: [{ item: 0, quantity: 1 }], reason: 'too_small', payout: { upi: 'meera@okaxis' } });
    }
    await shopperTab.goto(`/api/getproduct/${product._id}`);
    const note = shopperTab.getByRole('complementary', { name: 'Fit note' });
    await inView(note);
    await expect(note).toContainText('Runs small: most size returns asked for one size up');
    await expect(note).toContainText('5 of 5 size returns');
    await screenshot(shopperTab, testInfo, 'fit-note', { fullPage: false });

    // The analytics page: the product's return rate, by size and reason.
    await page.goto('/admin/analytics');
    const rates = page.getByRole('region', { name: 'Returns by product, size and reason' });
    await inView(rates.getByRole('heading', { name: 'Returns by product, size and reason' }));
    const productRow = rates.getByRole('row').filter({ hasText: product.productName });
    await inView(productRow);
    await expect(productRow).toContainText('5 / 5');
    await expect(productRow).toContainText('100%');
    await expect(productRow).toContainText('Too small 4');
    await rates.scrollIntoViewIfNeeded();
    await screenshot(page, testInfo, 'returns-rates', { fullPage: false });
    await shopperTab.context().close();
  } finally {
    await send(request, `/api/admin/products/${product._id}`, staff);
  }
});
