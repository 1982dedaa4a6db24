import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { expect, test, type APIRequestContext, type Locator, type Page, type TestInfo } from '@playwright/test';

// Buying against the whole running shop with its demo data (products, the Festive Formals sale,
// the company details and the coupons WELCOME15, FESTIVE10, TAILOR5): a guest's cart merged on
// sign-in, the checkout dialog with a new address and a coupon, cash on delivery, online payment
// through sim's Razorpay checkout (paid, and failed then given up), a size that runs out before
// payment, and tracking an order by its number and e-mail.

const password = 'tailored-2026';

/** A screenshot under test-results/screenshots/ (name-width.png), once images and fonts are in. */

/** A made-up client address for an API sign-up: the browser-test stack trusts the header, so
 * the suite's many sign-ups do not all count against one address's limit. */
function someAddress(): Record<string, string> {
  const part = () => Math.floor(Math.random() * 250) + 1;
  return { 'X-Forwarded-For': `10.${part()}.${part()}.${part()}` };
}

async function screenshot(page: Page, testInfo: TestInfo, name: string, { fullPage = true } = {}) {
  await page.evaluate(() => document.fonts.ready);
  // Lazy images below the fold would be blank in a full-page picture: load them all first.
  await page.evaluate(() => {
    document.querySelectorAll('img').forEach((image) => {
      image.loading = 'eager';
    });
  });
  await expect
    .poll(() => page.evaluate(() => Array.from(document.images).every((image) => image.complete)), { message: 'images loaded' })
    .toBe(true);
  // A full page from its top, where the sticky header belongs.
  if (fullPage) await page.evaluate(() => window.scrollTo({ top: 0, behavior: 'instant' }));
  const width = page.viewportSize()?.width ?? 0;
  const path = `test-results/screenshots/${name}-${width}.png`;
  await page.screenshot({ path, fullPage, animations: 'disabled' });
  await testInfo.attach(`${name}-${width}`, { path, contentType: 'image/png' });
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

/** Keeps the session where the shop keeps it (as signing in does), then opens `path`. */
async function openSignedIn(page: Page, shopper: Shopper, path: string) {
  await page.goto('/aboutus');
  await page.evaluate(
    ([token, user]) => {
      window.localStorage.setItem('token', token);
      window.localStorage.setItem('user', user);
    },
    [shopper.token, JSON.stringify(shopper.user)],
  );
  await page.goto(path);
}

// ——— Screens ———

/** The first product card of a listing with a size in stock; answers its name. */
async function firstInStockCard(page: Page): Promise<{ card: Locator; name: string }> {
  const card = page.getByRole('main').getByTestId('product-card').filter({ hasNot: page.getByText('Out of Stock') }).first();
  await expect(card).toBeVisible();
  const name = (await card.getByRole('heading').textContent())!.trim();
  return { card, name };
}

/** Chooses the first size in stock that is not `except`; answers it. */
async function chooseSize(scope: Locator, except?: string): Promise<string> {
  const sizes = scope.getByRole('radio', { disabled: false });
  await expect(sizes.first()).toBeAttached();
  for (const size of await sizes.all()) {
    const value = (await size.getAttribute('value')) ?? '';
    if (value && value !== except) {
      await size.check({ force: true });
      return value;
    }
  }
  throw new Error(`no size in stock other than ${except}`);
}

/** Opens the checkout from the cart page and waits for its totals. */
async function openCheckout(page: Page) {
  await page.getByRole('button', { name: 'Make Payment' }).click();
  const dialog = page.getByRole('dialog', { name: 'Checkout' });
  await expect(dialog.getByLabel('Order total')).toBeVisible();
  return dialog;
}

/** The Total row of the checkout's totals. */
function checkoutTotal(dialog: Locator) {
  return dialog.getByLabel('Order total').locator('div').filter({ has: dialog.page().getByText('Total', { exact: true }) }).locator('dd');
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

// ——— Tests ———

test('a guest adds items, signs in, the cart is merged, applies a coupon and pays cash on delivery', async ({ page }, testInfo) => {
  // The whole journey, with a page reload after signing up: more than the usual 30 s when busy.
  test.setTimeout(60_000);
  // Two pieces as a guest: a shirt from its quick view and trousers from their product page.
  await page.goto('/products/Formal%20Shirts');
  const shirt = await firstInStockCard(page);
  await shirt.card.hover();
  await shirt.card.getByRole('button', { name: `Quick view: ${shirt.name}` }).click();
  const quickView = page.getByRole('dialog', { name: shirt.name });
  const shirtSize = await chooseSize(quickView);
  await quickView.getByRole('button', { name: 'Add to cart' }).click();
  const drawer = page.getByRole('dialog', { name: 'Your cart' });
  await expect(drawer.getByTestId('cart-line')).toHaveCount(1);
  await expect(drawer.getByTestId('cart-line')).toContainText(shirt.name);
  await page.keyboard.press('Escape');
  await expect(drawer).toBeHidden();

  await page.goto('/products/Formal%20Trousers');
  const trousers = await firstInStockCard(page);
  await trousers.card.getByRole('link', { name: trousers.name }).click();
  await expect(page.getByRole('heading', { level: 1, name: trousers.name })).toBeVisible();
  const trousersSize = await chooseSize(page.getByRole('main'), shirtSize);
  await page.getByRole('main').getByRole('button', { name: 'Add to cart' }).click();
  await expect(drawer).toBeVisible();
  await expect(drawer.getByTestId('cart-line')).toHaveCount(2);
  await expect(drawer.getByTestId('cart-line').filter({ hasText: trousers.name })).toContainText(`Size ${trousersSize}`);
  await expect(drawer.getByRole('link', { name: 'View Cart' })).toHaveAttribute('href', '/guestcart');
  await drawer.getByRole('link', { name: 'View Cart' }).click();

  // The guest cart page.
  await expect(page).toHaveURL(/\/guestcart$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Your cart' })).toBeVisible();
  await expect(page.getByText('Guest cart', { exact: true })).toBeVisible();
  const lines = page.getByRole('region', { name: 'Cart items' }).getByTestId('cart-line');
  await expect(lines).toHaveCount(2);
  await expect(lines.filter({ hasText: shirt.name })).toContainText(`Size ${shirtSize}`);
  await expect(lines.filter({ hasText: trousers.name })).toContainText(`Size ${trousersSize}`);
  await expect(page.getByRole('link', { name: 'Cart, 2 items' })).toBeVisible();
  // The 'Item added' banner has nothing left to say on the cart page.
  await expect(page.getByTestId('cart-added-notice')).toHaveCount(0);
  await screenshot(page, testInfo, 'checkout-guest-cart');

  // Make Payment asks a guest to sign in; the shopper registers in the popup.
  await page.getByRole('button', { name: 'Make Payment' }).click();
  await expect(toast(page, 'Please login first')).toBeVisible();
  const signIn = page.getByRole('dialog');
  await expect(signIn.getByRole('heading', { name: 'Welcome back' })).toBeVisible();
  await expect(signIn.getByText('Sign in to pay. Your cart comes with you.')).toBeVisible();
  await signIn.getByRole('button', { name: 'Create an account' }).click();
  await expect(signIn.getByRole('heading', { name: 'Create your account' })).toBeVisible();
  const email = uniqueEmail(testInfo, 'checkout-cod');
  await signIn.getByRole('textbox', { name: 'Full name' }).fill('Ishaan Malhotra');
  await signIn.getByRole('textbox', { name: 'Email' }).fill(email);
  await signIn.getByLabel('Password', { exact: true }).fill(password);
  await signIn.getByLabel('Confirm password').fill(password);
  await signIn.getByRole('button', { name: 'Create account' }).click();

  // The page reloads signed in; the guest's lines are in the server cart now.
  await expect(toast(page, 'Registration successful!')).toBeVisible();
  await expect(page.getByText('Shopping bag', { exact: true })).toBeVisible();
  expect(await page.evaluate(() => JSON.parse(localStorage.getItem('guestCart') ?? '[]'))).toEqual([]);
  await page.goto('/cart');
  await expect(lines).toHaveCount(2);
  await expect(lines.filter({ hasText: shirt.name })).toContainText(`Size ${shirtSize}`);
  await expect(lines.filter({ hasText: trousers.name })).toContainText(`Size ${trousersSize}`);
  await expect(page.getByRole('link', { name: 'Cart, 2 items' })).toBeVisible();

  // The checkout: no address yet, so one is added in the dialog and chosen.
  const checkout = await openCheckout(page);
  await expect(checkout.getByText('No saved addresses yet. Add one to deliver this order.')).toBeVisible();
  await expect(checkout.getByRole('list', { name: 'Items in your order' }).getByRole('listitem')).toHaveCount(2);
  await checkout.getByRole('button', { name: 'Add new address' }).click();
  const form = checkout.getByRole('form', { name: 'Add new address' });
  await form.getByRole('textbox', { name: 'First name' }).fill('Ishaan');
  await form.getByRole('textbox', { name: 'Last name' }).fill('Malhotra');
  await form.getByRole('textbox', { name: 'Email' }).fill(email);
  await form.getByRole('textbox', { name: 'Phone' }).fill('9812345670');
  await form.getByRole('textbox', { name: 'House, flat or building' }).fill('House 21, Civil Lines');
  await form.getByRole('textbox', { name: 'Street and area' }).fill('Station Road');
  await form.getByRole('textbox', { name: 'City' }).fill('Jaipur');
  await form.getByRole('combobox', { name: 'State' }).selectOption('Rajasthan');
  await form.getByRole('textbox', { name: 'Pincode' }).fill('302006');
  await form.getByRole('button', { name: 'Save and use this address' }).click();
  await expect(toast(page, 'Address added successfully')).toBeVisible();
  await expect(form).toBeHidden();
  const address = checkout.getByRole('radiogroup', { name: 'Delivery address' }).getByRole('radio');
  await expect(address).toHaveCount(1);
  await expect(address).toBeChecked();
  await expect(checkout.getByRole('radiogroup', { name: 'Delivery address' })).toContainText('House 21, Civil Lines, Station Road');

  // WELCOME15 takes 15 % (at most ₹750) off this first order.
  const before = rupees(await checkoutTotal(checkout).textContent());
  await checkout.getByRole('textbox', { name: 'Coupon code' }).fill('WELCOME15');
  await checkout.getByRole('form', { name: 'Apply a coupon' }).getByRole('button', { name: 'Apply' }).click();
  await expect(toast(page, 'Congratulations, you got 15% off!')).toBeVisible();
  await expect(checkout.getByText(/WELCOME15\s*applied: 15% off, you save/)).toBeVisible();
  await expect(checkout.getByRole('button', { name: 'WELCOME15 applied' })).toBeDisabled();
  const couponRow = checkout.getByLabel('Order total').locator('div').filter({ hasText: 'Coupon (WELCOME15)' }).locator('dd');
  await expect(couponRow).toHaveText(/^−₹/);
  const couponDiscount = rupees(await couponRow.textContent());
  expect(couponDiscount).toBeGreaterThan(0);
  expect(couponDiscount).toBeLessThanOrEqual(750);
  expect(couponDiscount).toBeLessThanOrEqual(Math.ceil(before * 0.15));
  await expect(checkoutTotal(checkout)).toHaveText(formatRupees(before - couponDiscount));
  await checkout.getByRole('form', { name: 'Apply a coupon' }).scrollIntoViewIfNeeded();
  await screenshot(page, testInfo, 'checkout-coupon-applied', { fullPage: false });
  await checkout.getByLabel('Order total').scrollIntoViewIfNeeded();
  await screenshot(page, testInfo, 'checkout-coupon-totals', { fullPage: false });

  // Cash on delivery.
  await checkout.getByRole('radio', { name: /^Cash on delivery/ }).check();
  const pay = checkout.getByRole('button', { name: /^Make Payment/ });
  await expect(pay).toContainText(await checkoutTotal(checkout).textContent() ?? '');
  await pay.click();
  await expect(toast(page, 'Order placed successfully!')).toBeVisible();

  // The thank-you page.
  await expect(page).toHaveURL(/\/thankyou$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Thank-you' })).toBeVisible();
  await expect(page.getByText("Your order has been placed successfully. We'll keep you updated!")).toBeVisible();
  const orderNumber = page.getByText(/^Order number/);
  await expect(orderNumber).toContainText(/DRP\w+/);
  const orderId = (await orderNumber.locator('strong').textContent())!.trim();
  await expect(page.getByRole('link', { name: 'Track this order' })).toHaveAttribute('href', `/trackid/${orderId}`);
  await screenshot(page, testInfo, 'checkout-thankyou');

  // The order in the history, and an empty cart.
  await page.getByRole('link', { name: 'Check your order' }).click();
  await expect(page).toHaveURL(/\/user\/orders$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Your orders' })).toBeVisible();
  const card = orderCard(page, orderId);
  await expect(card).toBeVisible();
  await expect(card.getByText(/^(Order placed|Processing)$/)).toBeVisible();
  await expect(card).toContainText('Cash on delivery');
  await expect(card.getByText('Pay on delivery', { exact: true })).toBeVisible();
  await expect(card).toContainText('Coupon WELCOME15');
  const items = card.getByRole('list', { name: `Items in order ${orderId}` }).getByRole('listitem');
  await expect(items).toHaveCount(2);
  await expect(items.filter({ hasText: shirt.name })).toContainText(`Size ${shirtSize} · Qty 1`);
  await expect(items.filter({ hasText: trousers.name })).toContainText(`Size ${trousersSize} · Qty 1`);
  await expect(card.getByRole('button', { name: `Cancel order ${orderId}` })).toBeVisible();
  await expect(page.getByTestId('cart-count')).toHaveText('0');
  await expect(page.getByRole('link', { name: 'Cart, 0 items' })).toBeVisible();
  await screenshot(page, testInfo, 'checkout-orders');
});

test("online payment through sim's checkout succeeds", async ({ page, request }, testInfo) => {
  const shopper = await registerShopper(request, testInfo, 'checkout-paid', 'Tara Singh');
  await resetRazorpay(request);
  await addAddress(request, shopper);
  const [choice] = await inStock(request);
  await addToCart(request, shopper, choice!.product._id, choice!.size);

  await openSignedIn(page, shopper, '/cart');
  await expect(page.getByRole('region', { name: 'Cart items' }).getByTestId('cart-line')).toContainText(choice!.product.productName);
  const checkout = await openCheckout(page);
  await expect(checkout.getByRole('radiogroup', { name: 'Delivery address' }).getByRole('radio')).toBeChecked();
  const total = (await checkoutTotal(checkout).textContent())!;
  await checkout.getByRole('radio', { name: /^Pay now/ }).check();
  await checkout.getByRole('button', { name: /^Make Payment/ }).click();

  // sim's Razorpay checkout over the page, with the amount and the shopper.
  const { overlay, frame } = razorpay(page);
  await expect(overlay).toBeVisible();
  await expect(frame.getByRole('heading', { name: 'drape' })).toBeVisible();
  await expect(frame.getByText('Amount payable')).toBeVisible();
  await expect(frame.locator('.amount strong')).toHaveText(`${total}${total.includes('.') ? '' : '.00'}`);
  await expect(frame.getByText(shopper.email)).toBeVisible();
  await expect(frame.getByRole('button', { name: 'Success' })).toBeVisible();
  await expect(checkout.getByRole('button', { name: 'Waiting for payment…' })).toBeDisabled();
  await screenshot(page, testInfo, 'checkout-razorpay', { fullPage: false });

  await frame.getByRole('button', { name: 'Success' }).click();
  await expect(toast(page, 'Thank you for purchasing.')).toBeVisible();
  await expect(overlay).toBeHidden();
  await expect(page).toHaveURL(/\/thankyou$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Thank-you' })).toBeVisible();
  const orderId = (await page.getByText(/^Order number/).locator('strong').textContent())!.trim();

  await page.getByRole('link', { name: 'Check your order' }).click();
  const card = orderCard(page, orderId);
  await expect(card).toBeVisible();
  await expect(card).toContainText('Online payment');
  await expect(card.getByText('Paid', { exact: true })).toBeVisible();
  await expect(card.getByText(/^(Order placed|Processing)$/)).toBeVisible();
  await expect(card).toContainText(choice!.product.productName);
  await expect(page.getByTestId('cart-count')).toHaveText('0');
});

test('online payment fails and the shopper gives up', async ({ page, request }, testInfo) => {
  const shopper = await registerShopper(request, testInfo, 'checkout-failed', 'Kavya Nair');
  await resetRazorpay(request);
  await addAddress(request, shopper);
  const [choice] = await inStock(request);
  await addToCart(request, shopper, choice!.product._id, choice!.size);

  await openSignedIn(page, shopper, '/cart');
  const lines = page.getByRole('region', { name: 'Cart items' }).getByTestId('cart-line');
  await expect(lines).toContainText(choice!.product.productName);
  const checkout = await openCheckout(page);
  await checkout.getByRole('radio', { name: /^Pay now/ }).check();
  await checkout.getByRole('button', { name: /^Make Payment/ }).click();

  const { overlay, frame } = razorpay(page);
  await frame.getByRole('button', { name: 'Failure' }).click();
  // The payment page says why and offers Retry; the checkout behind says it too.
  await expect(frame.getByRole('heading', { name: 'Payment failed' })).toBeVisible();
  await expect(frame.getByText('Payment failed. You can try again.')).toBeVisible();
  await expect(frame.getByRole('button', { name: 'Retry' })).toBeVisible();
  await expect(checkout.getByRole('alert').filter({ hasText: 'Payment failed' })).toBeVisible();
  await screenshot(page, testInfo, 'checkout-razorpay-failed', { fullPage: false });

  await frame.getByRole('button', { name: 'Close checkout' }).click();
  await expect(overlay).toBeHidden();
  await expect(checkout.getByText('Payment was not completed. The order was cancelled.')).toBeVisible();
  await expect(checkout.getByRole('button', { name: /^Make Payment/ })).toBeEnabled();
  await screenshot(page, testInfo, 'checkout-payment-not-completed', { fullPage: false });
  await checkout.getByRole('button', { name: 'Close checkout' }).click();
  await expect(checkout).toBeHidden();

  // The cart still holds the piece, ready to pay for again.
  await expect(lines).toHaveCount(1);
  await expect(lines).toContainText(choice!.product.productName);
  await expect(page.getByRole('button', { name: 'Make Payment' })).toBeEnabled();

  // The order is in the history, cancelled.
  await page.goto('/user/orders');
  const card = page.getByRole('article').first();
  await expect(card).toBeVisible();
  await expect(page.getByRole('article')).toHaveCount(1);
  await expect(card.getByText('Cancelled', { exact: true })).toBeVisible();
  await expect(card).toContainText('Online payment');
  await expect(card.getByText('Payment failed', { exact: true })).toBeVisible();
  await expect(card.getByRole('button', { name: /^Cancel order/ })).toHaveCount(0);
  await screenshot(page, testInfo, 'checkout-orders-cancelled');
});

test('a sold-out size cannot be paid for', async ({ page, request }, testInfo) => {
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
    await expect(line).toContainText(choice.product.productName);
    await expect(line).toHaveAttribute('data-sold-out', 'true');
    await expect(line).toContainText(`Size ${choice.size} is sold out`);
    await expect(page.getByText('Some pieces are no longer in stock in the quantity you chose.')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Make Payment' })).toBeDisabled();
    await screenshot(page, testInfo, 'checkout-sold-out');

    // Removing the line leaves an empty cart.
    await line.getByRole('button', { name: `Remove ${choice.product.productName}, size ${choice.size}` }).click();
    await expect(page.getByRole('heading', { name: 'No items in the cart' })).toBeVisible();
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
  await expect(page.getByRole('heading', { level: 1, name: 'Where is my order?' })).toBeVisible();
  await page.getByRole('button', { name: 'Track order' }).click();
  await expect(page.getByText('Please enter your order number')).toBeVisible();
  await expect(page.getByText('Please enter the e-mail the order was placed with')).toBeVisible();
  await page.getByRole('textbox', { name: 'Order number' }).fill(order.orderId);
  await page.getByRole('textbox', { name: 'Email' }).fill(shopper.email);
  await page.getByRole('button', { name: 'Track order' }).click();

  await expect(page).toHaveURL(new RegExp(`/trackid/${order.orderId}\\?email=`));
  await expect(page.getByRole('heading', { level: 1, name: 'Your order' })).toBeVisible();
  await expect(page.getByText(order.orderId, { exact: true })).toBeVisible();
  await expect(page.getByText('Cash on delivery · Pay on delivery')).toBeVisible();
  const progress = page.getByRole('list', { name: 'Order progress' }).getByRole('listitem');
  await expect(progress.first()).toContainText('Order placed');
  await expect(progress.filter({ hasText: 'Order placed' }).locator('time')).toBeVisible();
  expect(await progress.count()).toBeGreaterThan(1);
  await expect(page.getByRole('list', { name: 'Items' })).toContainText(choice!.product.productName);
  await screenshot(page, testInfo, 'track-order');

  // A wrong e-mail finds nothing.
  await page.goto(`/trackid/${order.orderId}?email=someone-else%40example.com`);
  await expect(page.getByRole('heading', { level: 1, name: 'Order not found' })).toBeVisible();
});
