import { randomUUID } from 'node:crypto';
import { expect, type APIRequestContext, type TestInfo } from '@playwright/test';
import { test } from './fixtures';
import { backOfficeToken, call, inView, openSignedIn, screenshot, seen, type Shopper, someAddress } from './stack';

// Returns and exchanges, the shopper's side, against the whole running stack. A product of the
// test's own (two M bought; L with one left and XL to exchange into), bought cash on delivery and
// delivered by staff through the API. From /user/orders the shopper opens "Return or exchange",
// which leads to the order page with the form open; they ask to exchange M for L, but L sells out
// meanwhile (staff's stock editor), so the form says so at the size and offers a refund instead;
// they choose XL, and the request shows on the order page with its first step. A return of the
// other shirt, asked from elsewhere (the API), shows on the open page without a reload. The product is
// hidden at the end. It makes a product, so it runs with the shared-state specs.

interface Product {
  _id: string;
  productName: string;
  thumbnail: string;
}

async function send(request: APIRequestContext, method: 'PUT' | 'DELETE', path: string, token: string, data?: unknown) {
  const answer = await request.fetch(path, { method, data, headers: { Authorization: `Bearer ${token}` } });
  expect(answer.ok(), `${method} ${path} → ${answer.status()} ${await answer.text()}`).toBe(true);
}

/** A returnable product of the test's own with sizes M (5), L (1) and XL (4). */
async function productToExchange(request: APIRequestContext, staff: string): Promise<Product> {
  const policy = await call<{ returnableSubCategories: { _id: string }[] }>(request, 'GET', '/api/returns/policy');
  const subcategoryId = policy.data.returnableSubCategories[0]?._id;
  expect(subcategoryId, 'a returnable sub-category').toBeTruthy();
  const listed = await call<{ items: { thumbnail: string }[] }>(request, 'GET', '/api/getproduct?limit=1');
  const code = `RET-${Date.now().toString(36).toUpperCase()}`;
  const made = await call<Product>(request, 'POST', '/api/admin/products', staff, {
    productId: code,
    productName: `Ivory Oxford Shirt ${code.slice(-4)}`,
    gender: 'Men',
    status: '',
    subcategoryId,
    price: 2499,
    discount: 0,
    colour: 'Ivory',
    thumbnail: listed.data.items[0]?.thumbnail ?? '',
    images: [],
    basicProductDescription: 'A crisp oxford shirt for the office.',
    sizes: [
      { size: 'M', stock: 5 },
      { size: 'L', stock: 1 },
      { size: 'XL', stock: 4 },
    ],
  });
  return made.data;
}

/** A shopper whose cash-on-delivery order of two `product` in M was delivered; its order number. */
async function deliveredOrder(request: APIRequestContext, testInfo: TestInfo, product: Product, staff: string) {
  const email = `returns-${testInfo.project.name}-${Date.now()}-${Math.floor(Math.random() * 1e4)}@example.com`;
  const registered = await call<unknown>(request, 'POST', '/api/register', undefined, { firstName: 'Arjun Mehta', email, password: 'tailored-2026' }, someAddress());
  const shopper: Shopper = { email, token: registered.token!, user: registered.data };
  const address = await call<{ _id: string }>(request, 'POST', '/api/addAddress', shopper.token, {
    firstName: 'Arjun',
    lastName: 'Mehta',
    email,
    phone: '9812345671',
    address1: '8 Carter Road',
    address2: 'Bandra West',
    landmark: '',
    city: 'Mumbai',
    state: 'Maharashtra',
    pincode: '400050',
    type: 'home',
    isDefault: true,
  });
  await call(request, 'POST', '/api/addToCart', shopper.token, { productId: product._id, size: 'M', quantity: 2 });
  const placed = await call<{ _id: string; orderId: string }>(request, 'POST', '/api/createOrder', shopper.token, { paymentMode: 'cod', address: address.data._id }, {
    'Idempotency-Key': randomUUID(),
  });
  for (const status of ['NEW', 'DELIVERED']) {
    await call(request, 'POST', '/api/orderStatus', staff, { id: placed.data._id, orderStatus: status, note: 'Handed over at the door' });
  }
  return { shopper, orderId: placed.data.orderId };
}

test('a shopper asks to exchange a delivered shirt for another size; a sold-out size offers another or a refund; the order page shows the request', { tag: '@phone' }, async ({
  page,
  request,
}, testInfo) => {
  test.setTimeout(150_000);
  const staff = await backOfficeToken(request);
  const product = await productToExchange(request, staff);
  try {
    const { shopper, orderId } = await deliveredOrder(request, testInfo, product, staff);

    // The orders page offers the way on for the delivered order.
    await openSignedIn(page, shopper, '/user/orders');
    await seen(page.getByRole('link', { name: `Return or exchange from order ${orderId}` })).click();

    // The order page, with the form open: exchange first, the one piece chosen.
    const dialog = page.getByRole('dialog', { name: 'Return or exchange' });
    await inView(dialog.getByRole('heading', { name: 'Return or exchange' }));
    await expect(page).toHaveURL(new RegExp(`/trackid/${orderId}`));
    await inView(dialog.getByRole('radio', { name: /Exchange for another size/ }));
    await expect(dialog.getByRole('radio', { name: /Exchange for another size/ })).toBeChecked();
    await inView(dialog.getByRole('checkbox', { name: new RegExp(product.productName) }));
    await expect(dialog.getByRole('checkbox', { name: new RegExp(product.productName) })).toBeChecked();

    // Sent without a size or a reason: both are asked for where they belong.
    await seen(dialog.getByRole('button', { name: 'Ask for the exchange' })).click();
    await inView(dialog.getByText('Choose the size you want instead'));
    await inView(dialog.getByText('Choose a reason', { exact: true }).last());

    const newSize = dialog.getByRole('combobox', { name: /New size/ });
    await seen(newSize).selectOption('L');
    await seen(dialog.getByRole('combobox', { name: 'Reason' })).selectOption({ label: 'Too small' });
    await seen(dialog.getByRole('textbox', { name: /Note/ })).fill('Tight across the shoulders; L should fit.');
    await screenshot(page, testInfo, 'return-dialog', { fullPage: false });

    // Meanwhile the last L sells (staff's stock editor): the server refuses, and the form says
    // so at the size, keeping everything else, with a refund offered instead.
    await send(request, 'PUT', `/api/admin/products/${product._id}/stock`, staff, {
      sizes: [
        { size: 'M', stock: 4 },
        { size: 'L', stock: 0 },
        { size: 'XL', stock: 4 },
      ],
    });
    await seen(dialog.getByRole('button', { name: 'Ask for the exchange' })).click();
    const soldOut = dialog.getByRole('alert').filter({ hasText: `Size L of ${product.productName} is sold out` });
    await inView(soldOut);
    await inView(soldOut.getByRole('button', { name: 'return it for a refund instead' }));
    await expect(dialog.getByRole('combobox', { name: 'Reason' })).toHaveValue('too_small');
    await expect(dialog.getByRole('textbox', { name: /Note/ })).toHaveValue('Tight across the shoulders; L should fit.');
    await screenshot(page, testInfo, 'return-sold-out', { fullPage: false });

    // Another size: XL is held at once; the request shows with its first step.
    await seen(newSize).selectOption('XL');
    await expect(soldOut).toHaveCount(0);
    await seen(dialog.getByRole('button', { name: 'Ask for the exchange' })).click();
    await expect(dialog).toHaveCount(0);
    await inView(page.getByRole('region', { name: 'Notifications' }).getByText(`We have your request ${orderId}-R1`));

    const requestCard = page.getByRole('listitem', { name: `Request ${orderId}-R1` });
    await inView(requestCard.getByTestId('return-status'));
    await expect(requestCard.getByTestId('return-status')).toHaveText('Exchange requested');
    await inView(requestCard.getByText(`1 × ${product.productName}, size M → size XL`));
    const steps = requestCard.getByRole('list', { name: `Steps of ${orderId}-R1` }).getByRole('listitem');
    await expect(steps).toHaveCount(1);
    await inView(steps.first());
    await expect(steps.first()).toContainText('Exchange requested');
    await expect(steps.first()).toHaveAttribute('aria-current', 'step');
    await screenshot(page, testInfo, 'return-requested');

    // The other shirt, returned from another device: the open page shows it live (return.requested
    // on the shopper's topic), without a reload.
    await page.evaluate(() => ((window as unknown as { notReloaded: boolean }).notReloaded = true));
    await call(request, 'POST', `/api/orders/${orderId}/returns`, shopper.token, {
      kind: 'return',
      lines: [{ item: 0, quantity: 1 }],
      reason: 'changed_mind',
      payout: { upi: 'meera@okaxis' },
    });
    const second = page.getByRole('listitem', { name: `Request ${orderId}-R2` });
    await inView(second.getByTestId('return-status'));
    await expect(second.getByTestId('return-status')).toHaveText('Return requested');
    expect(await page.evaluate(() => (window as unknown as { notReloaded?: boolean }).notReloaded)).toBe(true);

    // The hold is real: XL has one fewer to sell.
    const after = await call<{ sizes: { size: string; stock: number }[] }>(request, 'GET', `/api/getproduct/${product._id}`);
    expect(after.data.sizes.find((size) => size.size === 'XL')?.stock).toBe(3);
  } finally {
    await send(request, 'DELETE', `/api/admin/products/${product._id}`, staff);
  }
});

test('the return policy page shows the terms the shop has set', { tag: '@desktop' }, async ({ page, request }, testInfo) => {
  const policy = await call<{ returnWindowDays: number; exchangeWindowDays: number; reasons: { label: string }[] }>(request, 'GET', '/api/returns/policy');
  await page.goto('/returns');
  const terms = page.getByRole('region', { name: 'At a glance' });
  await inView(terms.getByRole('heading', { name: 'At a glance' }));
  await expect(terms).toContainText(`Within ${policy.data.exchangeWindowDays} days of delivery, for another size`);
  await expect(terms).toContainText(`Within ${policy.data.returnWindowDays} days of delivery, for a refund`);
  for (const reason of policy.data.reasons) await expect(terms.getByRole('listitem').filter({ hasText: reason.label })).toHaveCount(1);
  await screenshot(page, testInfo, 'return-policy');
});
