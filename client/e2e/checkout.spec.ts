import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { expect, type APIRequestContext, type Locator, type Page, type TestInfo } from '@playwright/test';
import { test } from './fixtures';
import { inView as seenInView, openInApp, openSignedIn, screenshot } from './stack';

// Buying against the whole running shop with its demo data (products, the Festive Formals sale,
// the company details and the coupons WELCOME15, FESTIVE10, TAILOR5): a guest's cart merged on
// sign-in, the /checkout page with a new address and a coupon, cash on delivery, online payment
// through sim's Razorpay checkout (paid, and failed then given up), /checkout for a guest and for
// an empty cart, a size that runs out before payment, and tracking an order by its number and
// e-mail. Each test runs at 1280 and 390 px (the desktop and mobile projects) except the guest
// sent to sign in from /checkout (390 px only: the same guard at any width). Each acts as a
// person does: what it clicks, fills or reads is first scrolled to and seen inside the viewport.

const password = 'tailored-2026';

// ——— Acting as a person: scroll to a thing, see it in the viewport, then use it ———

/**
 * inView scrolls `locator` into view as a person would and checks it is inside the viewport
 * (stack's inView, which scrolls again when the page draws the element anew), then gives it back.
 */
async function inView(locator: Locator): Promise<Locator> {
  await seenInView(locator);
  return locator;
}

async function click(locator: Locator) {
  await (await inView(locator)).click();
}

async function fill(locator: Locator, value: string) {
  await (await inView(locator)).fill(value);
}

/** What appears by itself where the person looks (a toast, a dialog): in the viewport without scrolling. */
async function appears(locator: Locator, timeout?: number) {
  await expect(locator).toBeInViewport({ timeout });
}

/** A made-up client address for an API sign-up: the browser-test stack trusts the header, so
 * the suite's many sign-ups do not all count against one address's limit. */
function someAddress(): Record<string, string> {
  const part = () => Math.floor(Math.random() * 250) + 1;
  return { 'X-Forwarded-For': `10.${part()}.${part()}.${part()}` };
}

/** A new e-mail for every test and project, so runs never collide. */
function uniqueEmail(testInfo: TestInfo, what: string) {
  return `${what}-${testInfo.project.name}-${Date.now()}-${Math.floor(Math.random() * 1e4)}@example.com`;
}

/**
 * sim's HTTP address: SIM_URL when given, else the last "sim listening http=…" line of the log
 * scripts/run.sh writes for RUN_NAME (default run).
 */
function simUrl(): string {
  if (process.env.SIM_URL) return process.env.SIM_URL.replace(/\/$/, '');
  const log = fileURLToPath(new URL(`../../.data/${process.env.RUN_NAME ?? 'run'}/logs/sim.log`, import.meta.url));
  const lines = readFileSync(log, 'utf8').match(/sim listening http=(\S+)/g);
  const address = lines?.at(-1)?.split('http=')[1];
  if (!address) throw new Error(`no "sim listening" line in ${log}; set SIM_URL`);
  return `http://${address}`;
}

function toast(page: Page, message: string | RegExp) {
  return page.getByRole('region', { name: 'Notifications' }).getByText(message);
}

/** As the shop shows money: '₹1,49,999', or '₹1,499.50' with paise. */
function formatRupees(amount: number): string {
  const paise = Number.isInteger(amount) ? 0 : 2;
  return new Intl.NumberFormat('en-IN', { style: 'currency', currency: 'INR', minimumFractionDigits: paise, maximumFractionDigits: paise }).format(amount);
}

/** '₹1,49,999' → 149999 (whole rupees or rupees and paise). */
function rupees(text: string | null): number {
  const amount = Number((text ?? '').replace(/[^\d.]/g, ''));
  if (!Number.isFinite(amount) || !/\d/.test(text ?? '')) throw new Error(`not an amount: ${text}`);
  return amount;
}

// ——— The shop's API, for what a test only needs in place ———

interface Shopper {
  email: string;
  token: string;
  user: unknown;
}

interface ApiProduct {
  _id: string;
  productName: string;
  discountedPrice: number;
  sizes: { size: string; stock: number }[];
}

async function call<T>(request: APIRequestContext, method: 'GET' | 'POST', path: string, token?: string, data?: unknown, headers = {}) {
  const answer = await request.fetch(path, {
    method,
    data,
    headers: { ...(token ? { Authorization: `Bearer ${token}` } : {}), ...headers },
  });
  const body = await answer.text();
  expect(answer.ok(), `${method} ${path} → ${answer.status()} ${body}`).toBe(true);
  return JSON.parse(body) as { message: string; data: T; token?: string };
}

async function registerShopper(request: APIRequestContext, testInfo: TestInfo, what: string, name = 'Aditi Verma'): Promise<Shopper> {
  const email = uniqueEmail(testInfo, what);
  const answer = await call<unknown>(request, 'POST', '/api/register', undefined, { firstName: name, email, password }, someAddress());
  return { email, token: answer.token!, user: answer.data };
}

async function addAddress(request: APIRequestContext, shopper: Shopper): Promise<string> {
  const answer = await call<{ _id: string }>(request, 'POST', '/api/addAddress', shopper.token, {
    firstName: 'Aditi',
    lastName: 'Verma',
    email: shopper.email,
    phone: '9876543210',
    address1: 'Flat 12, Rose Apartments',
    address2: 'Bapu Nagar',
    landmark: '',
    city: 'Jaipur',
    state: 'Rajasthan',
    pincode: '302015',
    type: 'home',
    isDefault: true,
  });
  return answer.data._id;
}

async function addToCart(request: APIRequestContext, shopper: Shopper, productId: string, size: string, quantity = 1) {
  await call(request, 'POST', '/api/addToCart', shopper.token, { productId, size, quantity });
}

interface ApiOrder {
  orderId: string;
  orderStatus: string;
  paymentStatus: string;
}

async function placeCodOrder(request: APIRequestContext, shopper: Shopper, address: string): Promise<ApiOrder> {
  const answer = await call<ApiOrder>(request, 'POST', '/api/createOrder', shopper.token, { paymentMode: 'cod', address }, {
    'Idempotency-Key': randomUUID(),
  });
  return answer.data;
}

/** Every demo product, both pages of them. */
async function allProducts(request: APIRequestContext): Promise<ApiProduct[]> {
  const products: ApiProduct[] = [];
  for (let page = 1; ; page++) {
    const answer = await call<{ items: ApiProduct[]; metadata: { totalPages: number } }>(request, 'GET', `/api/getproduct?limit=48&page=${page}`);
    products.push(...answer.data.items);
    if (page >= answer.data.metadata.totalPages) return products;
  }
}

/** Every product and size with at least `least` in stock, with its stock. */
async function inStock(request: APIRequestContext, least = 5) {
  const products = await allProducts(request);
  const choices = products.flatMap((product) => product.sizes.filter((size) => size.stock >= least).map((size) => ({ product, ...size })));
  expect(choices.length, 'sizes in stock').toBeGreaterThan(0);
  return choices;
}

// ——— Screens ———

/** The first product card of a listing with a size in stock; answers its name. */
async function firstInStockCard(page: Page): Promise<{ card: Locator; name: string }> {
  const card = page.getByRole('main').getByTestId('product-card').filter({ hasNot: page.getByText('Out of Stock') }).first();
  await inView(card);
  const name = (await card.getByRole('heading').textContent())!.trim();
  return { card, name };
}

/** Chooses the first size in stock that is not `except` by its chip; answers it. */
async function chooseSize(scope: Locator, except?: string): Promise<string> {
  // In stock: a sold-out size ("M, sold out") can be chosen too, and offers the back-in-stock form.
  const sizes = scope.getByRole('radio', { name: /^[^,]+$/ });
  await expect(sizes.first()).toBeAttached();
  for (const size of await sizes.all()) {
    const value = (await size.getAttribute('value')) ?? '';
    if (value && value !== except) {
      const chip = scope.locator('label').filter({ has: scope.page().locator(`input[value="${value}"]`) });
      await click(chip);
      await expect(size).toBeChecked();
      return value;
    }
  }
  throw new Error(`no size in stock other than ${except}`);
}

/** The /checkout page, and its parts. */
function checkoutPage(page: Page) {
  const root = page.getByRole('region', { name: 'Checkout' });
  return {
    root,
    heading: root.getByRole('heading', { level: 1, name: 'Checkout' }),
    totals: root.getByLabel('Order total'),
    pay: root.getByRole('button', { name: /^Make Payment/ }),
    addresses: root.getByRole('radiogroup', { name: 'Delivery address' }),
    methods: root.getByRole('radiogroup', { name: 'Payment method' }),
    couponFold: root.getByRole('button', { name: 'Have a code?' }),
    couponField: root.getByRole('textbox', { name: 'Coupon code' }),
    couponApply: root.getByRole('form', { name: 'Apply a coupon' }).getByRole('button', { name: 'Apply' }),
    alert: root.getByRole('alert'),
  };
}

/** Make Payment on the cart page, then the checkout page with its totals. */
async function openCheckout(page: Page) {
  await click(page.getByRole('button', { name: 'Make Payment' }));
  await expect(page).toHaveURL(/\/checkout$/);
  const checkout = checkoutPage(page);
  await inView(checkout.heading);
  await inView(checkout.totals);
  return checkout;
}

/** The Total row of the checkout's totals. */
function checkoutTotal(checkout: ReturnType<typeof checkoutPage>) {
  return checkout.totals.locator('div').filter({ has: checkout.root.page().getByText('Total', { exact: true }) }).locator('dd');
}

function orderCard(page: Page, orderId: string) {
  return page.getByRole('article', { name: orderId });
}

/** sim's Razorpay back to its defaults: no injected failures or delays, webhooks on. */
async function resetRazorpay(request: APIRequestContext) {
  const answer = await request.post(`${simUrl()}/razorpay/control/reset`);
  expect(answer.ok(), await answer.text()).toBe(true);
}

/** The Razorpay overlay sim's checkout.js puts over the page, and the payment page inside it. */
function razorpay(page: Page) {
  return {
    overlay: page.getByRole('dialog', { name: 'Razorpay Checkout' }),
    frame: page.frameLocator('iframe[title="Razorpay Checkout"]'),
  };
}

/** Every answer of the shop's API from now on that is a 4xx or 5xx, as 'POST /api/x → 400'. */
function failedCalls(page: Page): string[] {
  const failed: string[] = [];
  page.on('response', (response) => {
    const url = new URL(response.url());
    if (url.pathname.startsWith('/api/') && response.status() >= 400) {
      failed.push(`${response.request().method()} ${url.pathname} → ${response.status()}`);
    }
  });
  return failed;
}

// ——— Tests ———

test('a guest adds items, signs in, the cart is merged, applies a coupon and pays cash on delivery', async ({ page }, testInfo) => {
  // The whole journey, with a page reload after signing up: more than the usual 30 s when busy.
  test.setTimeout(150_000);
  // Two pieces as a guest: a shirt from its quick view and trousers from their product page.
  await page.goto('/products/Formal%20Shirts');
  const shirt = await firstInStockCard(page);
  await shirt.card.hover();
  await click(shirt.card.getByRole('button', { name: `Quick view: ${shirt.name}` }));
  const quickView = page.getByRole('dialog', { name: shirt.name });
  await appears(quickView);
  const shirtSize = await chooseSize(quickView);
  await click(quickView.getByRole('button', { name: 'Add to cart' }));
  const drawer = page.getByRole('dialog', { name: 'Your cart' });
  await appears(drawer);
  await expect(drawer.getByTestId('cart-line')).toHaveCount(1);
  await expect(await inView(drawer.getByTestId('cart-line'))).toContainText(shirt.name);
  await page.keyboard.press('Escape');
  await expect(drawer).toBeHidden();

  await openInApp(page, '/products/Formal%20Trousers');
  const trousers = await firstInStockCard(page);
  await click(trousers.card.getByRole('link', { name: trousers.name }));
  await inView(page.getByRole('heading', { level: 1, name: trousers.name }));
  const trousersSize = await chooseSize(page.getByRole('main'), shirtSize);
  await click(page.getByRole('main').getByRole('button', { name: 'Add to cart' }));
  await appears(drawer);
  await expect(drawer.getByTestId('cart-line')).toHaveCount(2);
  await expect(await inView(drawer.getByTestId('cart-line').filter({ hasText: trousers.name }))).toContainText(`Size ${trousersSize}`);
  await click(drawer.getByRole('link', { name: 'View Cart' }));

  // The guest cart page.
  await expect(page).toHaveURL(/\/guestcart$/);
  await inView(page.getByRole('heading', { level: 1, name: 'Your cart' }));
  await inView(page.getByText('Guest cart', { exact: true }));
  const lines = page.getByRole('region', { name: 'Cart items' }).getByTestId('cart-line');
  await expect(lines).toHaveCount(2);
  await expect(await inView(lines.filter({ hasText: shirt.name }))).toContainText(`Size ${shirtSize}`);
  await expect(await inView(lines.filter({ hasText: trousers.name }))).toContainText(`Size ${trousersSize}`);

  // Make Payment asks a guest to sign in; the shopper registers in the popup.
  await click(page.getByRole('button', { name: 'Make Payment' }));
  await appears(toast(page, 'Please login first'));
  const signIn = page.getByRole('dialog');
  await appears(signIn.getByRole('heading', { name: 'Welcome back' }));
  await inView(signIn.getByText('Sign in to pay. Your cart comes with you.'));
  await click(signIn.getByRole('button', { name: 'Create an account' }));
  await inView(signIn.getByRole('heading', { name: 'Create your account' }));
  const email = uniqueEmail(testInfo, 'checkout-cod');
  await fill(signIn.getByRole('textbox', { name: 'Full name' }), 'Ishaan Malhotra');
  await fill(signIn.getByRole('textbox', { name: 'Email' }), email);
  await fill(signIn.getByLabel('Password', { exact: true }), password);
  await fill(signIn.getByLabel('Confirm password'), password);
  // The next load is the reload after signing up (the first one fired long ago).
  const reloaded = page.waitForEvent('load', { timeout: 30_000 });
  await click(signIn.getByRole('button', { name: 'Create account' }));

  // The page reloads signed in; the guest's lines are in the server cart now. The greeting is
  // flashed across the reload: it is looked for on the new page, never on the one going away.
  await reloaded;
  await appears(toast(page, 'Registration successful!'), 20_000);
  await inView(page.getByText('Shopping bag', { exact: true }));
  await openInApp(page, '/cart');
  await expect(lines).toHaveCount(2);
  await expect(await inView(lines.filter({ hasText: shirt.name }))).toContainText(`Size ${shirtSize}`);

  // The checkout page: no address yet, so one is added there and chosen.
  const checkout = await openCheckout(page);
  await inView(checkout.root.getByText('No saved addresses yet. Add one to deliver this order.'));
  await expect(checkout.root.getByRole('list', { name: 'Items in your order' }).getByRole('listitem')).toHaveCount(2);
  await click(checkout.root.getByRole('button', { name: 'Add new address' }));
  const form = checkout.root.getByRole('form', { name: 'Add new address' });
  // Saving it empty says what is missing, beside each field.
  await click(form.getByRole('button', { name: 'Save and use this address' }));
  await inView(form.getByRole('textbox', { name: 'First name' }));
  await expect(form.getByRole('textbox', { name: 'First name' })).toHaveAttribute('aria-invalid', 'true');
  await screenshot(page, testInfo, 'checkout-address-errors', { fullPage: false });
  await fill(form.getByRole('textbox', { name: 'First name' }), 'Ishaan');
  await fill(form.getByRole('textbox', { name: 'Last name' }), 'Malhotra');
  await fill(form.getByRole('textbox', { name: 'Email' }), email);
  await fill(form.getByRole('textbox', { name: 'Phone' }), '9812345670');
  await fill(form.getByRole('textbox', { name: 'House, flat or building' }), 'House 21, Civil Lines');
  await fill(form.getByRole('textbox', { name: 'Street and area' }), 'Station Road');
  await fill(form.getByRole('textbox', { name: 'City' }), 'Jaipur');
  await (await inView(form.getByRole('combobox', { name: 'State' }))).selectOption('Rajasthan');
  await fill(form.getByRole('textbox', { name: 'Pincode' }), '302006');
  await click(form.getByRole('button', { name: 'Save and use this address' }));
  await appears(toast(page, 'Address added successfully'));
  await expect(form).toBeHidden();
  const address = checkout.addresses.getByRole('radio');
  await expect(address).toHaveCount(1);
  await expect(await inView(address)).toBeChecked();
  await expect(await inView(checkout.addresses)).toContainText('House 21, Civil Lines, Station Road');

  // A code that does not exist is refused beside the field (the codes fold under 'Have a code?').
  await click(checkout.couponFold);
  await expect(checkout.couponFold).toHaveAttribute('aria-expanded', 'true');
  await fill(checkout.couponField, 'NOSUCHCODE');
  await click(checkout.couponApply);
  await expect(await inView(checkout.couponField)).toHaveAttribute('aria-invalid', 'true');
  await expect(checkout.couponField).toHaveAccessibleDescription(/.+/);
  await screenshot(page, testInfo, 'checkout-coupon-refused', { fullPage: false });

  // WELCOME15 takes 15 % (at most ₹750) off this first order.
  const before = rupees(await (await inView(checkoutTotal(checkout))).textContent());
  await fill(checkout.couponField, 'WELCOME15');
  await click(checkout.couponApply);
  await appears(toast(page, 'Congratulations, you got 15% off!'));
  await inView(checkout.root.getByText(/WELCOME15\s*applied: 15% off, you save/));
  await expect(await inView(checkout.root.getByRole('button', { name: 'WELCOME15 applied' }))).toBeDisabled();
  await screenshot(page, testInfo, 'checkout-coupon-applied', { fullPage: false });
  const couponRow = checkout.totals.locator('div').filter({ hasText: 'Coupon (WELCOME15)' }).locator('dd');
  await expect(await inView(couponRow)).toHaveText(/^−₹/);
  const couponDiscount = rupees(await couponRow.textContent());
  expect(couponDiscount).toBeGreaterThan(0);
  expect(couponDiscount).toBeLessThanOrEqual(750);
  expect(couponDiscount).toBeLessThanOrEqual(Math.ceil(before * 0.15));
  await expect(await inView(checkoutTotal(checkout))).toHaveText(formatRupees(before - couponDiscount));
  await screenshot(page, testInfo, 'checkout-coupon-totals', { fullPage: false });

  // Cash on delivery; from Make Payment on, no call of the shop's fails (the thank-you page
  // used to start with a quote of the emptied cart, answered 400).
  await click(checkout.methods.getByRole('radio', { name: /^Cash on delivery/ }));
  await expect(await inView(checkout.pay)).toContainText((await checkoutTotal(checkout).textContent()) ?? '');
  const failed = failedCalls(page);
  await click(checkout.pay);
  await appears(toast(page, 'Order placed successfully!'));

  // The thank-you page.
  await expect(page).toHaveURL(/\/thankyou$/);
  await inView(page.getByRole('heading', { level: 1, name: 'Thank-you' }));
  await inView(page.getByText("Your order has been placed successfully. We'll keep you updated!"));
  const orderNumber = page.getByText(/^Order number/);
  await expect(await inView(orderNumber)).toContainText(/DRP\w+/);
  const orderId = (await orderNumber.locator('strong').textContent())!.trim();
  await expect(await inView(page.getByRole('link', { name: 'Track this order' }))).toHaveAttribute('href', `/trackid/${orderId}`);
  await page.waitForLoadState('networkidle');
  expect(failed, 'failed calls from Make Payment to the thank-you page').toEqual([]);
  await screenshot(page, testInfo, 'checkout-thankyou');

  // The order in the history, and an empty cart.
  await click(page.getByRole('link', { name: 'Check your order' }));
  await expect(page).toHaveURL(/\/user\/orders$/);
  const card = orderCard(page, orderId);
  await inView(card);
  await expect(card).toContainText('Cash on delivery');
  await expect(card).toContainText('Coupon WELCOME15');
  const items = card.getByRole('list', { name: `Items in order ${orderId}` }).getByRole('listitem');
  await expect(items).toHaveCount(2);
  await expect(await inView(items.filter({ hasText: shirt.name }))).toContainText(`Size ${shirtSize} · Qty 1`);
  await expect(page.getByTestId('cart-count')).toHaveText('0');

  // With the cart empty, /checkout says so.
  await openInApp(page, '/checkout');
  const empty = page.getByRole('heading', { name: 'Your cart is empty.' });
  await inView(empty);
  await inView(page.getByRole('link', { name: 'Shop now' }));
  await expect(checkoutPage(page).pay).toHaveCount(0);
  await screenshot(page, testInfo, 'checkout-empty-cart');
});

test('a guest who opens /checkout is asked to sign in, and comes back to it', { tag: '@phone' }, async ({ page, request }, testInfo) => {
  test.setTimeout(60_000);
  const shopper = await registerShopper(request, testInfo, 'checkout-guest', 'Meera Iyer');
  await addAddress(request, shopper);
  const [choice] = await inStock(request);
  await addToCart(request, shopper, choice!.product._id, choice!.size);

  await page.goto('/checkout');
  await inView(page.getByRole('heading', { level: 1, name: 'Please login first' }));
  await inView(page.getByText('Sign in to pay. Your cart comes with you.'));
  await expect(page.getByRole('region', { name: 'Checkout' })).toHaveCount(0);
  await screenshot(page, testInfo, 'checkout-guest');
  await click(page.getByRole('button', { name: 'Sign in' }));
  const signIn = page.getByRole('dialog');
  await appears(signIn.getByRole('heading', { name: 'Welcome back' }));
  await fill(signIn.getByRole('textbox', { name: 'Email' }), shopper.email);
  await fill(signIn.getByLabel('Password', { exact: true }), password);
  await click(signIn.getByRole('button', { name: 'Sign in', exact: true }));

  // Signed in, the same page is the checkout, with the shopper's cart and address.
  await expect(page).toHaveURL(/\/checkout$/);
  const checkout = checkoutPage(page);
  await inView(checkout.heading);
  await expect(await inView(checkout.root.getByRole('list', { name: 'Items in your order' }))).toContainText(choice!.product.productName);
  await expect(await inView(checkout.addresses.getByRole('radio'))).toBeChecked();
  await screenshot(page, testInfo, 'checkout-page');
});

test("online payment through sim's checkout succeeds", async ({ page, request }, testInfo) => {
  test.setTimeout(60_000);
  const shopper = await registerShopper(request, testInfo, 'checkout-paid', 'Tara Singh');
  await resetRazorpay(request);
  await addAddress(request, shopper);
  const [choice] = await inStock(request);
  await addToCart(request, shopper, choice!.product._id, choice!.size);

  await openSignedIn(page, shopper, '/cart');
  await expect(await inView(page.getByRole('region', { name: 'Cart items' }).getByTestId('cart-line'))).toContainText(choice!.product.productName);
  const checkout = await openCheckout(page);
  await expect(await inView(checkout.addresses.getByRole('radio'))).toBeChecked();
  const total = (await (await inView(checkoutTotal(checkout))).textContent())!;
  await click(checkout.methods.getByRole('radio', { name: /^Pay now/ }));
  const failed = failedCalls(page);
  await click(checkout.pay);

  // sim's Razorpay checkout over the page, with the amount and the shopper.
  const { overlay, frame } = razorpay(page);
  await appears(overlay);
  await appears(frame.getByRole('heading', { name: 'drape' }));
  await appears(frame.getByText('Amount payable'));
  await expect(frame.locator('.amount strong')).toHaveText(`${total}${total.includes('.') ? '' : '.00'}`);
  await appears(frame.getByText(shopper.email));
  await inView(frame.getByRole('button', { name: 'Success' }));
  await expect(checkout.root.getByRole('button', { name: 'Waiting for payment…' })).toBeDisabled();
  await screenshot(page, testInfo, 'checkout-razorpay', { fullPage: false });

  await click(frame.getByRole('button', { name: 'Success' }));
  await appears(toast(page, 'Thank you for purchasing.'));
  await expect(overlay).toBeHidden();
  await expect(page).toHaveURL(/\/thankyou$/);
  await inView(page.getByRole('heading', { level: 1, name: 'Thank-you' }));
  const orderId = (await (await inView(page.getByText(/^Order number/))).locator('strong').textContent())!.trim();
  await page.waitForLoadState('networkidle');
  expect(failed, 'failed calls from Make Payment to the thank-you page').toEqual([]);

  await click(page.getByRole('link', { name: 'Check your order' }));
  const card = orderCard(page, orderId);
  await inView(card);
  await expect(card).toContainText('Online payment');
  await expect(await inView(card.getByText('Paid', { exact: true }))).toBeVisible();
  await expect(card).toContainText(choice!.product.productName);
  await expect(page.getByTestId('cart-count')).toHaveText('0');
});

test('online payment fails and the shopper gives up', async ({ page, request }, testInfo) => {
  test.setTimeout(60_000);
  const shopper = await registerShopper(request, testInfo, 'checkout-failed', 'Kavya Nair');
  await resetRazorpay(request);
  await addAddress(request, shopper);
  const [choice] = await inStock(request);
  await addToCart(request, shopper, choice!.product._id, choice!.size);

  await openSignedIn(page, shopper, '/cart');
  const lines = page.getByRole('region', { name: 'Cart items' }).getByTestId('cart-line');
  await expect(await inView(lines)).toContainText(choice!.product.productName);
  const checkout = await openCheckout(page);
  await click(checkout.methods.getByRole('radio', { name: /^Pay now/ }));
  await click(checkout.pay);

  const { overlay, frame } = razorpay(page);
  await appears(overlay);
  await click(frame.getByRole('button', { name: 'Failure' }));
  // The payment page says why and offers Retry; the checkout behind says it too.
  await inView(frame.getByRole('heading', { name: 'Payment failed' }));
  await inView(frame.getByText('Payment failed. You can try again.'));
  await inView(frame.getByRole('button', { name: 'Retry' }));
  await expect(checkout.alert.filter({ hasText: 'Payment failed' })).toBeAttached();
  await screenshot(page, testInfo, 'checkout-razorpay-failed', { fullPage: false });

  // The × sits in the payment page's corner, in view; it takes the page away as it is clicked.
  const close = frame.getByRole('button', { name: 'Close checkout' });
  await appears(close);
  await close.click();
  await expect(overlay).toBeHidden();
  await inView(checkout.root.getByText('Payment was not completed. The order was cancelled.'));
  await expect(await inView(checkout.pay)).toBeEnabled();
  // The cart is back: the checkout shows its piece again, ready to pay for.
  await expect(await inView(checkout.root.getByRole('list', { name: 'Items in your order' }))).toContainText(choice!.product.productName);
  await inView(checkout.root.getByText('Payment was not completed. The order was cancelled.'));
  await screenshot(page, testInfo, 'checkout-payment-not-completed', { fullPage: false });

  await click(checkout.root.getByRole('link', { name: 'Back to your cart' }));
  await expect(lines).toHaveCount(1);
  await expect(await inView(lines)).toContainText(choice!.product.productName);

  // An online attempt never paid is not an order to the shopper: My Orders stays empty (issue 21).
  await openInApp(page, '/user/orders');
  await inView(page.getByRole('heading', { name: 'No orders yet' }));
  await expect(page.getByRole('article')).toHaveCount(0);
});

// It takes the whole stock of a size for a moment, which another spec's shopper could be
// choosing: it runs with the shared-state specs (playwright.config.ts), the rest beside the others.
test('a sold-out size cannot be paid for', { tag: '@shared-state' }, async ({ page, request }, testInfo) => {
  test.setTimeout(60_000);
  // The size with the least stock (at most 10, the most one line can hold): shopper A takes all of
  // it, shopper B wants one, and A orders first.
  const choices = (await inStock(request, 1)).filter((choice) => choice.stock <= 10).sort((a, b) => a.stock - b.stock);
  expect(choices.length, 'sizes with at most 10 in stock').toBeGreaterThan(0);
  const choice = choices[0]!;
  const [first, second] = await Promise.all([
    registerShopper(request, testInfo, 'soldout-a', 'Arjun Rao'),
    registerShopper(request, testInfo, 'soldout-b', 'Neha Joshi'),
  ]);
  const firstAddress = await addAddress(request, first);
  await addAddress(request, second);
  await addToCart(request, first, choice.product._id, choice.size, choice.stock);
  await addToCart(request, second, choice.product._id, choice.size, 1);
  const taken = await placeCodOrder(request, first, firstAddress);

  try {
    await openSignedIn(page, second, '/cart');
    const line = page.getByRole('region', { name: 'Cart items' }).getByTestId('cart-line');
    await expect(await inView(line)).toContainText(choice.product.productName);
    await expect(line).toHaveAttribute('data-sold-out', 'true');
    await expect(line).toContainText(`Size ${choice.size} is sold out`);
    await inView(page.getByText('Some pieces are no longer in stock in the quantity you chose.'));
    await expect(await inView(page.getByRole('button', { name: 'Make Payment' }))).toBeDisabled();
    await screenshot(page, testInfo, 'checkout-sold-out');

    // The checkout page by its URL names the line and does not pay.
    await page.goto('/checkout');
    const checkout = checkoutPage(page);
    await inView(checkout.heading);
    await expect(await inView(checkout.root.getByRole('list', { name: 'Items in your order' }))).toContainText(`Size ${choice.size} is sold out`);
    await click(checkout.pay);
    const refusal = checkout.alert.filter({ hasText: 'Lower the quantity or remove it from your cart to continue.' });
    await expect(await inView(refusal)).toContainText(`${choice.product.productName}: Size ${choice.size} is sold out.`);
    await screenshot(page, testInfo, 'checkout-sold-out-refused', { fullPage: false });

    // Removing the line leaves an empty cart.
    await click(checkout.root.getByRole('link', { name: 'Back to your cart' }));
    await click(line.getByRole('button', { name: `Remove ${choice.product.productName}, size ${choice.size}` }));
    await inView(page.getByRole('heading', { name: 'No items in the cart' }));
  } finally {
    // Give the stock back for the other tests.
    await call(request, 'POST', `/api/orders/${taken.orderId}/cancel`, first.token);
  }
});

test('an order is tracked by its number and e-mail', async ({ page, request }, testInfo) => {
  const shopper = await registerShopper(request, testInfo, 'track', 'Rohan Das');
  const address = await addAddress(request, shopper);
  const [choice] = await inStock(request);
  await addToCart(request, shopper, choice!.product._id, choice!.size);
  const order = await placeCodOrder(request, shopper, address);

  await page.goto('/track');
  await inView(page.getByRole('heading', { level: 1, name: 'Where is my order?' }));
  await click(page.getByRole('button', { name: 'Track order' }));
  await inView(page.getByText('Please enter your order number'));
  await inView(page.getByText('Please enter the e-mail the order was placed with'));
  await fill(page.getByRole('textbox', { name: 'Order number' }), order.orderId);
  await fill(page.getByRole('textbox', { name: 'Email' }), shopper.email);
  await click(page.getByRole('button', { name: 'Track order' }));

  await expect(page).toHaveURL(new RegExp(`/trackid/${order.orderId}\\?email=`));
  await inView(page.getByRole('heading', { level: 1, name: 'Your order' }));
  await inView(page.getByText(order.orderId, { exact: true }));
  const progress = page.getByRole('list', { name: 'Order progress' }).getByRole('listitem');
  await expect(await inView(progress.first())).toContainText('Order placed');
  await expect(await inView(page.getByRole('list', { name: 'Items' }))).toContainText(choice!.product.productName);
  await screenshot(page, testInfo, 'track-order');

  // A wrong e-mail finds nothing.
  await openInApp(page, `/trackid/${order.orderId}?email=someone-else%40example.com`);
  await inView(page.getByRole('heading', { level: 1, name: 'Order not found' }));
});
