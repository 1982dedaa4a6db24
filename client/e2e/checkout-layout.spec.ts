import { expect, type Locator, type Page } from '@playwright/test';
import { test } from './fixtures';
import { call, clickAndSee, inView, screenshot, seen, keepShopperSignedIn, shopperWithCart, someAddress } from './stack';

// The checkout and the order-status page as a shopper on a phone (390 px) and a laptop (1280 px)
// meets them (issue 21): the total and Make Payment are in view as the checkout opens, without a
// scroll; the coupons fold under 'Have a code?' behind the one the server found takes the most
// off; a refusal is brought into view where it is said, and announced; and /thankyou shows when
// the order comes, what it costs, what happens next and what was bought, its first part in view.

interface Quote {
  total: number;
  bestCoupon: { code: string; saving: number } | null;
}

/** As the shop shows money: '₹1,49,999', or '₹1,499.50' with paise. */
function formatRupees(amount: number): string {
  const paise = Number.isInteger(amount) ? 0 : 2;
  return new Intl.NumberFormat('en-IN', { style: 'currency', currency: 'INR', minimumFractionDigits: paise, maximumFractionDigits: paise }).format(amount);
}

/** The checkout's parts a person looks for. */
function checkoutPage(page: Page) {
  const root = page.getByRole('region', { name: 'Checkout' });
  const totals = root.getByLabel('Order total');
  return {
    root,
    heading: root.getByRole('heading', { level: 1, name: 'Checkout' }),
    totals,
    total: totals.locator('div').filter({ has: page.getByText('Total', { exact: true }) }).locator('dd'),
    pay: root.getByRole('button', { name: /^Make Payment/ }),
    fold: root.getByRole('button', { name: 'Have a code?' }),
    couponField: root.getByRole('textbox', { name: 'Coupon code' }),
  };
}

/** `element` is drawn wholly above `cover` (the pay bar): nothing of it is hidden under it. */
async function above(element: Locator, cover: Locator) {
  await expect
    .poll(async () => {
      const [box, bar] = await Promise.all([element.boundingBox(), cover.boundingBox()]);
      return box && bar ? box.y + box.height <= bar.y + 0.5 : false;
    }, { message: `${element} above ${cover}` })
    .toBe(true);
}

test('the checkout opens with the total and Make Payment in view, and the best coupon one tap away', async ({ page, request }, testInfo) => {
  test.setTimeout(90_000);
  const { shopper } = await shopperWithCart(request, testInfo);
  const quote = (await call<Quote>(request, 'POST', '/api/checkout/quote', shopper.token, {})).data;
  expect(quote.bestCoupon, 'a coupon applies to this first order').not.toBeNull();
  const best = quote.bestCoupon!;
  const withBest = (await call<Quote>(request, 'POST', '/api/checkout/quote', shopper.token, { couponCode: best.code })).data;

  await keepShopperSignedIn(page, shopper);
  await page.goto('/checkout');
  const checkout = checkoutPage(page);
  // As it opens, without a scroll: the heading, the total and Make Payment with the total on it.
  await inView(checkout.heading, { scroll: false, timeout: 20_000 });
  await expect(checkout.total).toHaveText(formatRupees(quote.total));
  await inView(checkout.total, { scroll: false });
  await inView(checkout.pay, { scroll: false });
  await expect(checkout.pay).toContainText(formatRupees(quote.total));
  await above(checkout.total, page.getByRole('button', { name: /^Make Payment/ }).locator('..'));
  await screenshot(page, testInfo, 'checkout-first-view', { fullPage: false });

  // The codes are folded: the server's best offer shows, the field does not.
  await expect(checkout.fold).toHaveAttribute('aria-expanded', 'false');
  await expect(checkout.couponField).toBeHidden();
  const offer = checkout.root.getByText(`${best.code} saves you ${formatRupees(best.saving)}`);
  await inView(offer);
  await clickAndSee(
    checkout.root.getByRole('button', { name: `Apply ${best.code}` }),
    page.getByRole('region', { name: 'Notifications' }).getByText(/^Congratulations, you got \d+% off!$/),
  );
  await inView(checkout.root.getByText(new RegExp(`${best.code}\\s*applied: \\d+% off, you save ${formatRupees(best.saving).replace('.', '\\.')}`)));
  await expect(checkout.total).toHaveText(formatRupees(withBest.total));
  await expect(checkout.pay).toContainText(formatRupees(withBest.total));
  await inView(checkout.pay, { scroll: false });
  await screenshot(page, testInfo, 'checkout-best-coupon-applied', { fullPage: false });

  // 'Have a code?' unfolds the field and every running coupon.
  await seen(checkout.fold).click();
  await expect(checkout.fold).toHaveAttribute('aria-expanded', 'true');
  await inView(checkout.couponField);
  await inView(checkout.root.getByRole('list', { name: 'Available coupons' }));
  await expect(checkout.root.getByRole('button', { name: `${best.code} applied` })).toBeDisabled();
  await screenshot(page, testInfo, 'checkout-codes-unfolded', { fullPage: false });
});

test('a refusal at checkout is brought into view beside what it is about, and announced', async ({ page, request }, testInfo) => {
  test.setTimeout(60_000);
  // A shopper with a piece in the cart and no saved address.
  const email = `layout-${testInfo.project.name}-${Date.now()}-${Math.floor(Math.random() * 1e4)}@example.com`;
  const registered = await call<unknown>(request, 'POST', '/api/register', undefined, { firstName: 'Dev Malhotra', email, password: 'tailored-2026' }, someAddress());
  const shopper = { email, token: registered.token!, user: registered.data };
  const products = await call<{ items: { _id: string; sizes: { size: string; stock: number }[] }[] }>(request, 'GET', '/api/getproduct?limit=48');
  const choice = products.data.items.flatMap((product) => product.sizes.filter((size) => size.stock >= 3).map((size) => ({ product, size })))[1]!;
  await call(request, 'POST', '/api/addToCart', shopper.token, { productId: choice.product._id, size: choice.size.size, quantity: 1 });

  await keepShopperSignedIn(page, shopper);
  await page.goto('/checkout');
  const checkout = checkoutPage(page);
  await inView(checkout.heading, { scroll: false, timeout: 20_000 });
  await seen(checkout.pay, { scroll: false }).click();
  // Said in the delivery address's section, which comes into view by itself, as an alert.
  const refusal = page.getByRole('alert').filter({ hasText: 'Please add a shipping address.' });
  await inView(refusal, { scroll: false });
  await expect(page.getByRole('region', { name: 'Delivery address' })).toContainText('Please add a shipping address.');
  await screenshot(page, testInfo, 'checkout-refusal-in-view', { fullPage: false });
});

test('the order-status page shows when it comes, the total and what happens next in view, then the pieces, address and payment', async ({ page, request }, testInfo) => {
  test.setTimeout(90_000);
  const { shopper } = await shopperWithCart(request, testInfo);
  const quote = (await call<Quote>(request, 'POST', '/api/checkout/quote', shopper.token, { paymentMode: 'cod' })).data;
  await keepShopperSignedIn(page, shopper);
  await page.goto('/checkout');
  const checkout = checkoutPage(page);
  await inView(checkout.heading, { scroll: false, timeout: 20_000 });
  await expect(checkout.pay).toContainText(formatRupees(quote.total));
  await seen(checkout.pay).click();

  await expect(page).toHaveURL(/\/thankyou$/);
  // What a person needs first, in view as the page opens.
  await inView(page.getByRole('heading', { level: 1, name: 'Thank-you' }), { scroll: false });
  const number = page.getByText(/^Order number/);
  await inView(number, { scroll: false });
  const orderId = (await number.locator('strong').textContent())!.trim();
  await inView(page.getByText(/^Arriving (by \w{3}, \d{1,2} \w{3}|in 3–7 business days)$/), { scroll: false });
  await inView(page.getByText(`Total ${formatRupees(quote.total)} · pay when it arrives`), { scroll: false });
  await inView(page.getByRole('heading', { name: 'What happens next' }), { scroll: false });
  await screenshot(page, testInfo, 'order-status-first-view', { fullPage: false });

  // Then what was bought, with its picture, the money as charged, the address and the payment.
  const items = page.getByRole('list', { name: `Items in order ${orderId}` }).getByRole('listitem');
  await expect(items).toHaveCount(1);
  await inView(items.first());
  await expect(items.first().locator('img')).toHaveAttribute('src', /\/uploads\//);
  const total = page.getByLabel('Order total').locator('div').filter({ has: page.getByText('Total', { exact: true }) }).locator('dd');
  await inView(total);
  await expect(total).toHaveText(formatRupees(quote.total));
  const address = page.getByRole('region', { name: 'Delivering to' });
  await inView(address);
  await expect(address).toContainText('14 Lake View Road, Alwarpet');
  await expect(address).toContainText('Chennai, Tamil Nadu 600018');
  await inView(page.getByRole('region', { name: 'Payment' }).getByText('Cash on delivery · Pay on delivery'));
  await screenshot(page, testInfo, 'order-status');
});
