import { randomUUID } from 'node:crypto';
import { expect, type APIRequestContext, type Locator, type Page, type TestInfo } from '@playwright/test';
import { test } from './fixtures';
import { backOfficeToken, call, inStockSize, screenshot, keepShopperSignedIn, shopperWithCart, openBackOffice, openInApp, inView, seen, wholeInViewport, type Shopper } from './stack';

// Every dialog of the storefront and the back office, opened as a person opens it, at 1280 and
// 390 px: each opens wholly inside the window (its box within the viewport, all of it visible),
// not somewhere down the page with the page's scrolling locked, which is where every dialog of
// the default variant used to open (issue 15). Nothing is changed: each dialog is closed again
// with its own button.

test.describe.configure({ timeout: 120_000 });

/** Opens the dialog `trigger` opens and checks all of it is in the window; returns it. */
async function opens(page: Page, trigger: Locator, dialog: Locator): Promise<Locator> {
  await seen(trigger).click();
  await wholeInViewport(page, dialog);
  return dialog;
}

/** Closes `dialog` with its button called `name` (its own, or the corner's ×). */
async function closes(dialog: Locator, name: string) {
  await seen(dialog.getByRole('button', { name, exact: true }).last()).click();
  await expect(dialog).toBeHidden();
}

function isPhone(page: Page) {
  return (page.viewportSize()?.width ?? 1280) < 640;
}

/** A back-office page through its navigation, as staff move between sections. */
async function backOfficeSection(page: Page, label: string, heading: string) {
  const nav = page.getByRole('navigation', { name: 'Back office' });
  await seen(nav.getByRole('link', { name: label, exact: true })).click();
  await expect(page.getByRole('heading', { level: 1, name: heading })).toBeInViewport();
}

/** A product with sizes in stock, through the API. */
async function productInStock(request: APIRequestContext) {
  const products = await call<{ items: { _id: string; productName: string; sizes: { stock: number }[] }[] }>(request, 'GET', '/api/getproduct?type=Formal%20Shirts&limit=24');
  const product = products.data.items.find((item) => item.sizes.some((size) => size.stock >= 3));
  expect(product, 'a formal shirt in stock').toBeTruthy();
  return product!;
}

test('the size chart on the product page opens in the window', async ({ page, request }, testInfo) => {
  const product = await productInStock(request);
  await page.goto(`/api/getproduct/${product._id}`);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(product.productName);
  // On a phone the sizes are below the pictures: a person scrolls down to them.
  const chart = await opens(page, page.getByRole('button', { name: 'Size chart' }), page.getByRole('dialog', { name: 'Size chart' }));
  await expect(chart.getByRole('img', { name: `Size chart for ${product.productName}` })).toBeInViewport();
  await screenshot(page, testInfo, 'dialog-size-chart', { fullPage: false });
  await closes(chart, 'Close size chart');
});

test('quick view, the size chart inside it and the cart drawer open in the window', async ({ page }, testInfo) => {
  await page.goto('/products/Formal%20Shirts');
  const card = page.getByRole('article').filter({ hasNot: page.getByText('Out of Stock') }).first();
  const name = (await card.getByRole('heading').textContent())!.trim();
  await seen(card).hover();
  const quickView = await opens(page, card.getByRole('button', { name: `Quick view: ${name}` }), page.getByRole('dialog', { name }));
  await screenshot(page, testInfo, 'dialog-quick-view', { fullPage: false });

  // The quick view scrolls within itself on a phone: a person scrolls it down to the sizes.
  const chart = await opens(page, quickView.getByRole('button', { name: 'Size chart' }), page.getByRole('dialog', { name: 'Size chart' }));
  await expect(chart.getByRole('img', { name: `Size chart for ${name}` })).toBeInViewport();
  await screenshot(page, testInfo, 'dialog-quick-view-size-chart', { fullPage: false });
  await closes(chart, 'Close size chart');
  await wholeInViewport(page, quickView);

  await seen(quickView.getByRole('radio', { name: inStockSize }).first()).check();
  const drawer = await opens(page, quickView.getByRole('button', { name: 'Add to cart' }), page.getByRole('dialog', { name: 'Your cart' }));
  await expect(drawer.getByTestId('cart-line')).toContainText(name);
  await screenshot(page, testInfo, 'dialog-cart-drawer', { fullPage: false });
  await closes(drawer, 'Close cart');
});

test('the sign-in dialog opens in the window (and the phone menu it is reached from)', async ({ page }, testInfo) => {
  await page.goto('/aboutus');
  let trigger = page.getByRole('banner').getByRole('link', { name: 'Sign In' });
  if (isPhone(page)) {
    const menu = page.getByRole('navigation', { name: 'Mobile' });
    await seen(page.getByRole('button', { name: 'Open menu' })).click();
    await wholeInViewport(page, menu);
    trigger = menu.getByRole('link', { name: 'Sign In' });
  }
  const dialog = await opens(page, trigger, page.getByRole('dialog', { name: 'Welcome back' }));
  await expect(dialog.getByRole('textbox', { name: 'Email' })).toBeInViewport();
  await screenshot(page, testInfo, 'dialog-sign-in', { fullPage: false });
  await closes(dialog, 'Close sign in');
});

test('the checkout is a page: Make Payment opens it at its top', async ({ page, request }, testInfo) => {
  const { shopper } = await shopperWithCart(request, testInfo);
  await keepShopperSignedIn(page, shopper);
  await page.goto('/cart');
  await seen(page.getByRole('button', { name: /Make Payment/i })).click();
  await expect(page).toHaveURL(/\/checkout$/);
  await inView(page.getByRole('heading', { level: 1, name: /checkout/i }), { scroll: false });
});

/** A shopper with an address, an order awaiting dispatch (cancellable) and a review of a delivered piece. */
async function shopperWithHistory(request: APIRequestContext, testInfo: TestInfo): Promise<{ shopper: Shopper; order: string; reviewed: string }> {
  const { shopper, address } = await shopperWithCart(request, testInfo);
  const staff = await backOfficeToken(request);
  const delivered = await call<{ _id: string }>(request, 'POST', '/api/createOrder', shopper.token, { paymentMode: 'cod', address }, { 'Idempotency-Key': randomUUID() });
  for (const orderStatus of ['NEW', 'DELIVERED']) {
    await call(request, 'POST', '/api/orderStatus', staff, { id: delivered.data._id, orderStatus, note: 'Handed over at the door' });
  }
  const reviewable = await call<{ items: { productId: string; productName: string }[] }>(request, 'GET', '/api/user/reviewable', shopper.token);
  const piece = reviewable.data.items[0]!;
  await call(request, 'POST', '/api/user/reviews', shopper.token, { productId: piece.productId, rating: 4, title: 'Holds its shape', text: 'Sharp collar, true to size.' });

  const product = await productInStock(request);
  // The product's own answer, fresher than the listing's cached one: its fullest size.
  const sizes = (await call<{ sizes: { size: string; stock: number }[] }>(request, 'GET', `/api/getproduct/${product._id}`)).data.sizes;
  const size = sizes.reduce((fullest, each) => (each.stock > fullest.stock ? each : fullest));
  expect(size.stock, `${product.productName} has a size in stock`).toBeGreaterThan(0);
  await call(request, 'POST', '/api/addToCart', shopper.token, { productId: product._id, size: size.size, quantity: 1 });
  const pending = await call<{ orderId: string }>(request, 'POST', '/api/createOrder', shopper.token, { paymentMode: 'cod', address }, { 'Idempotency-Key': randomUUID() });
  return { shopper, order: pending.data.orderId, reviewed: piece.productName };
}

test("the account's confirmations open in the window: delete address, cancel order, sign out everywhere, delete review", async ({ page, request }, testInfo) => {
  const { shopper, order, reviewed } = await shopperWithHistory(request, testInfo);
  await keepShopperSignedIn(page, shopper);

  await page.goto('/user/addresses');
  const address = await opens(page, page.getByRole('button', { name: /^Delete address/ }).first(), page.getByRole('dialog', { name: 'Delete this address?' }));
  await screenshot(page, testInfo, 'dialog-delete-address', { fullPage: false });
  await closes(address, 'Keep it');

  await openInApp(page, '/user/orders');
  const cancel = await opens(page, page.getByRole('button', { name: `Cancel order ${order}` }), page.getByRole('dialog', { name: 'Cancel this order?' }));
  await closes(cancel, 'Keep order');

  await openInApp(page, '/user/accountdetails');
  const everywhere = await opens(page, page.getByRole('button', { name: 'Sign out everywhere' }), page.getByRole('dialog', { name: 'Sign out on every device?' }));
  await closes(everywhere, 'Cancel');

  await openInApp(page, '/user/userreviews');
  const review = await opens(
    page,
    page.getByRole('button', { name: `Delete your review of ${reviewed}` }),
    page.getByRole('dialog', { name: 'Delete your review?' }),
  );
  await screenshot(page, testInfo, 'dialog-delete-review', { fullPage: false });
  await closes(review, 'Keep it');
});

/** The first row of `table` that `name` names. */
function row(page: Page, table: string, name: RegExp | string) {
  return page.getByRole('table', { name: table }).getByRole('row', { name }).first();
}

test('the back office’s sale and coupon editors open in the window', async ({ page }, testInfo) => {
  await openBackOffice(page);
  await backOfficeSection(page, 'Sales', 'Sales');
  await expect(page.getByRole('table', { name: 'Sales' })).not.toContainText('Loading...');
  const sale = await opens(page, page.getByRole('button', { name: 'New sale' }), page.getByRole('dialog', { name: 'New sale' }));
  await screenshot(page, testInfo, 'dialog-new-sale', { fullPage: false });
  await closes(sale, 'Cancel');
  const festive = row(page, 'Sales', /Festive Formals/);
  const edit = await opens(page, festive.getByRole('button', { name: 'Edit Festive Formals' }), page.getByRole('dialog', { name: 'Edit Festive Formals' }));
  await closes(edit, 'Cancel');

  await backOfficeSection(page, 'Coupons', 'Coupons');
  await expect(page.getByRole('table', { name: 'Coupons' })).not.toContainText('Loading...');
  const coupon = await opens(page, page.getByRole('button', { name: 'New coupon' }), page.getByRole('dialog', { name: 'New coupon' }));
  await screenshot(page, testInfo, 'dialog-new-coupon', { fullPage: false });
  await closes(coupon, 'Cancel');
  const welcome = row(page, 'Coupons', /WELCOME15/);
  const editCoupon = await opens(page, welcome.getByRole('button', { name: 'Edit WELCOME15' }), page.getByRole('dialog', { name: 'Edit WELCOME15' }));
  await closes(editCoupon, 'Cancel');
});

test('the back office’s category and banner editors and their confirmations open in the window', async ({ page }, testInfo) => {
  await openBackOffice(page);
  await backOfficeSection(page, 'Categories', 'Categories');
  const category = await opens(page, page.getByRole('button', { name: 'New category' }), page.getByRole('dialog', { name: 'New category' }));
  await closes(category, 'Cancel');
  const sub = await opens(page, page.getByRole('button', { name: 'Add sub-category' }).first(), page.getByRole('dialog', { name: 'New sub-category' }));
  await closes(sub, 'Cancel');
  const editCategory = page.getByRole('button', { name: /^Edit / }).first();
  const categoryName = (await editCategory.getAttribute('aria-label'))!.replace(/^Edit /, '');
  const edit = await opens(page, editCategory, page.getByRole('dialog', { name: `Edit ${categoryName}` }));
  await screenshot(page, testInfo, 'dialog-edit-category', { fullPage: false });
  await closes(edit, 'Cancel');
  const remove = await opens(page, page.getByRole('button', { name: `Delete ${categoryName}`, exact: true }), page.getByRole('dialog', { name: `Delete ${categoryName}?` }));
  await closes(remove, 'Cancel');
  const editSub = page.getByRole('table', { name: / sub-categories$/ }).first().getByRole('button', { name: /^Edit / }).first();
  const subName = (await editSub.getAttribute('aria-label'))!.replace(/^Edit /, '');
  const subEditor = await opens(page, editSub, page.getByRole('dialog', { name: `Edit ${subName}` }));
  await closes(subEditor, 'Cancel');
  const removeSub = await opens(
    page,
    page.getByRole('table', { name: / sub-categories$/ }).first().getByRole('button', { name: `Delete ${subName}`, exact: true }),
    page.getByRole('dialog', { name: `Delete ${subName}?` }),
  );
  await closes(removeSub, 'Cancel');

  await backOfficeSection(page, 'Banners', 'Banners');
  const banner = await opens(page, page.getByRole('button', { name: 'New banner' }).first(), page.getByRole('dialog', { name: /^New banner/ }));
  await screenshot(page, testInfo, 'dialog-new-banner', { fullPage: false });
  await closes(banner, 'Cancel');
  const editBanner = page.getByRole('button', { name: /^Edit / }).first();
  const editor = await opens(page, editBanner, page.getByRole('dialog', { name: 'Edit banner' }));
  await closes(editor, 'Cancel');
  const deleteBanner = page.getByRole('button', { name: /^Delete / }).first();
  const bannerTitle = (await deleteBanner.getAttribute('aria-label'))!.replace(/^Delete /, '');
  const confirm = await opens(page, deleteBanner, page.getByRole('dialog', { name: `Delete ${bannerTitle}?` }));
  await closes(confirm, 'Cancel');
});

/** sim's address: the origin of the Razorpay checkout script the shop's /api/config names. */
async function simUrl(request: APIRequestContext): Promise<string> {
  const config = await call<{ razorpayCheckoutUrl: string }>(request, 'GET', '/api/config');
  return new URL(config.data.razorpayCheckoutUrl).origin;
}

test('the back office’s order status and refund dialogs open in the window', async ({ page, request }, testInfo) => {
  // An order paid online, through sim's Razorpay.
  const { shopper, address } = await shopperWithCart(request, testInfo);
  const checkout = await call<{ orderId: string; razorpayOrderId: string; key: string }>(request, 'POST', '/api/payments/razorpay/order', shopper.token, { address });
  const paid = await request.post(`${await simUrl(request)}/razorpay/checkout/pay`, {
    data: { order_id: checkout.data.razorpayOrderId, key_id: checkout.data.key, outcome: 'success' },
  });
  expect(paid.ok()).toBe(true);
  await expect
    .poll(async () => (await call<{ paymentStatus: string }>(request, 'GET', `/api/orders/${checkout.data.orderId}`, shopper.token)).data.paymentStatus, {
      message: 'the webhook marks the order paid',
      timeout: 20_000,
    })
    .toBe('success');
  const { _id: id } = (await call<{ _id: string }>(request, 'GET', `/api/orders/${checkout.data.orderId}`, shopper.token)).data;

  await openBackOffice(page, { at: `/admin/orders/${id}` });
  await expect(page.getByRole('heading', { level: 1, name: checkout.data.orderId })).toBeInViewport();
  const status = await opens(page, page.getByRole('button', { name: 'Change status' }), page.getByRole('dialog', { name: 'Change status' }));
  await screenshot(page, testInfo, 'dialog-order-status', { fullPage: false });
  await closes(status, 'Cancel');
  const refund = await opens(page, page.getByRole('button', { name: 'Refund' }), page.getByRole('dialog', { name: /refund/i }));
  await screenshot(page, testInfo, 'dialog-order-refund', { fullPage: false });
  await closes(refund, 'Keep payment');
});

test('the back office’s customer and review confirmations open in the window', async ({ page, request }, testInfo) => {
  const { shopper } = await shopperWithHistory(request, testInfo);
  await openBackOffice(page, { at: `/admin/users?q=${encodeURIComponent(shopper.email)}` });
  const person = row(page, 'People', new RegExp(shopper.email.replace(/[.+]/g, '\\$&')));
  const deactivate = await opens(page, person.getByRole('button', { name: 'Deactivate' }), page.getByRole('dialog', { name: /^Deactivate / }));
  await screenshot(page, testInfo, 'dialog-deactivate-customer', { fullPage: false });
  await closes(deactivate, 'Cancel');

  await backOfficeSection(page, 'Reviews', 'Reviews');
  await expect(page.getByRole('table', { name: 'Reviews' })).not.toContainText('Loading...');
  const remove = await opens(
    page,
    page.getByRole('button', { name: /^Delete the review by / }).first(),
    page.getByRole('dialog', { name: 'Delete this review?' }),
  );
  await closes(remove, 'Cancel');
});
