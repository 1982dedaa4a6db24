import { randomUUID } from 'node:crypto';
import { expect, type APIRequestContext, type Page, type TestInfo } from '@playwright/test';
import { test } from './fixtures';
import { admin, clickAndSee, inView, openBackOffice, openSignedIn, screenshot, seen } from './stack';

// Product reviews against the whole running stack: a shopper whose cash-on-delivery order was
// delivered reviews the piece on /user/userreviews (the server's field message first, then 4
// stars chosen with the keyboard); it waits for approval; staff approve it on /admin/reviews
// (desktop; on phones through the API) and see it by product; the product page then shows it
// with the average, its markup as typed. The review is deleted at the end.

const password = 'tailored-2026';
/** A made-up client address for an API sign-up (the browser-test stack trusts the header). */
function someAddress(): Record<string, string> {
  const part = () => Math.floor(Math.random() * 250) + 1;
  return { 'X-Forwarded-For': `10.${part()}.${part()}.${part()}` };
}

async function call<T>(request: APIRequestContext, method: 'GET' | 'POST' | 'DELETE', path: string, token?: string, data?: unknown, headers = {}) {
  const answer = await request.fetch(path, { method, data, headers: { ...(token ? { Authorization: `Bearer ${token}` } : {}), ...headers } });
  const body = await answer.text();
  expect(answer.ok(), `${method} ${path} → ${answer.status()} ${body}`).toBe(true);
  return JSON.parse(body) as { data: T; token?: string };
}

function toast(page: Page, message: string | RegExp) {
  return page.getByRole('region', { name: 'Notifications' }).getByText(message);
}

interface Shopper {
  email: string;
  token: string;
  user: unknown;
}

interface ApiRating {
  average: number;
  count: number;
}

/** "4.3 out of 5 · 12 reviews", as the product page says a rating. */
function ratingWords(rating: ApiRating): string {
  return `${rating.average.toFixed(1)} out of 5 · ${rating.count} ${rating.count === 1 ? 'review' : 'reviews'}`;
}

/** A shopper who has received one piece of a product in stock (ordered cash on delivery, delivered by staff). */
async function shopperWhoReceived(request: APIRequestContext, testInfo: TestInfo) {
  const email = `reviews-${testInfo.project.name}-${Date.now()}-${Math.floor(Math.random() * 1e4)}@example.com`;
  const registered = await call<unknown>(request, 'POST', '/api/register', undefined, { firstName: 'Nandini', lastName: 'Rao', email, password }, someAddress());
  const shopper: Shopper = { email, token: registered.token!, user: registered.data };
  const address = await call<{ _id: string }>(request, 'POST', '/api/addAddress', shopper.token, {
    firstName: 'Nandini',
    lastName: 'Rao',
    email,
    phone: '9812300022',
    address1: '21 Church Street',
    address2: 'Shanthala Nagar',
    landmark: '',
    city: 'Bengaluru',
    state: 'Karnataka',
    pincode: '560001',
    type: 'home',
    isDefault: true,
  });
  const products = await call<{ items: { _id: string; productName: string; sizes: { size: string; stock: number }[] }[] }>(request, 'GET', '/api/getproduct?limit=48');
  const choice = products.data.items.flatMap((product) => product.sizes.filter((size) => size.stock >= 3).map((size) => ({ product, size })))[0];
  expect(choice, 'a size in stock').toBeTruthy();
  await call(request, 'POST', '/api/addToCart', shopper.token, { productId: choice!.product._id, size: choice!.size.size, quantity: 1 });
  const placed = await call<{ _id: string }>(request, 'POST', '/api/createOrder', shopper.token, { paymentMode: 'cod', address: address.data._id }, {
    'Idempotency-Key': randomUUID(),
  });
  const staff = await call<unknown>(request, 'POST', '/api/admin/login', undefined, admin);
  for (const status of ['NEW', 'DELIVERED']) {
    await call(request, 'POST', '/api/orderStatus', staff.token, { id: placed.data._id, orderStatus: status, note: 'Handed over at the door' });
  }
  return { shopper, product: choice!.product, staffToken: staff.token! };
}

test('a shopper reviews a delivered piece; staff approve it; the product page shows it as typed', async ({ page, request }, testInfo) => {
  test.setTimeout(120_000);
  const desktop = testInfo.project.name === 'desktop';
  const { shopper, product, staffToken } = await shopperWhoReceived(request, testInfo);
  const title = 'Sharp <i>cut</i>, soft hand';
  const text = '<b>bold</b> tailoring, true to size.\nThe collar holds its shape after a long day.';

  try {
    // The shopper's reviews: the delivered piece waits for a review.
    await openSignedIn(page, shopper, '/user/userreviews');
    await inView(page.getByRole('heading', { level: 1, name: 'Your reviews' }));
    await expect(page.getByRole('navigation', { name: 'My account' }).getByRole('link', { name: 'Reviews' })).toHaveAttribute('aria-current', 'page');
    const card = page.getByRole('listitem', { name: product.productName, exact: true });
    await expect(card).toContainText('Received');
    await seen(card.getByRole('button', { name: 'Write a review' })).click();
    const form = card.getByRole('form', { name: `Review ${product.productName}` });

    // Sent without stars, title or text: the server's messages show by their fields.
    await seen(form.getByRole('button', { name: 'Post review' })).click();
    await expect(form.getByRole('group', { name: 'Your rating' })).toContainText('Rate the product from 1 to 5 stars');
    await expect(form).toContainText('Give your review a title');
    await expect(form).toContainText('Write a few words about the product');

    // Four stars with the keyboard, a title and text with markup.
    await seen(form.getByRole('radio', { name: '3 stars, Good' })).check();
    await page.keyboard.press('ArrowRight');
    await expect(form.getByRole('radio', { name: '4 stars, Very good' })).toBeChecked();
    await expect(form.getByRole('radio', { name: '4 stars, Very good' })).toBeFocused();
    await seen(form.getByLabel('Title')).fill(title);
    await seen(form.getByLabel('Your review')).fill(text);
    await screenshot(page, testInfo, 'user-reviews-write');
    await clickAndSee(form.getByRole('button', { name: 'Post review' }), toast(page, 'Thank you! Your review will appear once it is approved.'));

    const mine = page.getByRole('listitem', { name: `Your review of ${product.productName}` });
    await expect(mine.getByTestId('review-status')).toHaveText('Awaiting approval');
    await inView(mine.getByRole('img', { name: 'Rated 4 out of 5' }));
    await inView(mine.getByRole('heading', { name: title }));
    await expect(page.getByRole('listitem', { name: product.productName, exact: true })).toHaveCount(0);
    await screenshot(page, testInfo, 'user-reviews');

    if (desktop) {
      // Staff approve it on /admin/reviews, awaiting approval first.
      await page.setViewportSize({ width: 1440, height: 900 });
      await openBackOffice(page);
      await seen(page.getByRole('navigation', { name: 'Back office' }).getByRole('link', { name: 'Reviews' })).click();
      await inView(page.getByRole('heading', { level: 1, name: 'Reviews' }));
      const table = page.getByRole('table', { name: 'Reviews' });
      await expect(table).not.toContainText('Loading...');
      await seen(page.getByRole('search', { name: 'Filter reviews' }).getByLabel('Status')).selectOption('pending');
      await expect(page).toHaveURL(/\/admin\/reviews\?status=pending$/);
      const row = table.getByRole('row', { name: `${title} by Nandini Rao` });
      await expect(row).toContainText(product.productName);
      await expect(row).toContainText(shopper.email);
      await expect(row).toContainText('Awaiting approval');
      await inView(row.getByText(/<b>bold<\/b> tailoring/));
      await screenshot(page, testInfo, 'admin-reviews');
      await clickAndSee(row.getByRole('button', { name: 'Approve the review by Nandini Rao' }), toast(page, 'Review published'));
      await expect(row).toHaveCount(0);

      // By product: the product with its published review, then its own reviews and average.
      await seen(page.getByRole('navigation', { name: 'Review views' }).getByRole('link', { name: 'By product' })).click();
      await expect(page).toHaveURL(/\/admin\/product-reviews$/);
      const search = page.getByRole('search', { name: 'Filter products' });
      await seen(search.getByLabel('Search')).fill(product.productName);
      await seen(search.getByLabel('Search')).press('Enter');
      const products = page.getByRole('table', { name: 'Products' });
      const productRow = products.getByRole('row').filter({ has: page.getByRole('link', { name: product.productName }) }).first();
      await inView(productRow);
      await inView(productRow.getByRole('img', { name: /Rated .* out of 5/ }));
      await screenshot(page, testInfo, 'admin-product-reviews');
      await seen(productRow.getByRole('link', { name: product.productName })).click();
      await expect(page).toHaveURL(new RegExp(`/admin/product-reviews/${product._id}$`));
      await inView(page.getByRole('heading', { level: 1, name: product.productName }));
      const rating = (await call<{ rating: ApiRating }>(request, 'GET', `/api/products/${product._id}/reviews`)).data.rating;
      await expect(page.getByTestId('product-rating')).toHaveText(ratingWords(rating));
      await expect(page.getByRole('table', { name: 'Reviews' }).getByRole('row', { name: `${title} by Nandini Rao` })).toContainText('Published');
      await screenshot(page, testInfo, 'admin-product-review');
      await page.setViewportSize({ width: 1280, height: 800 });
    } else {
      const queue = await call<{ items: { _id: string; title: string }[] }>(request, 'GET', `/api/admin/reviews?status=pending&productId=${product._id}`, staffToken);
      const review = queue.data.items.find((item) => item.title === title);
      expect(review, 'the review awaits approval').toBeTruthy();
      await call(request, 'POST', `/api/admin/reviews/${review!._id}/status`, staffToken, { status: 'approved' });
    }

    // The product page: the average and the review, its markup as typed.
    await page.goto(`/api/getproduct/${product._id}`);
    await inView(page.getByRole('heading', { level: 1, name: product.productName }));
    const section = page.getByRole('region', { name: 'Reviews' });
    const rating = (await call<{ rating: ApiRating }>(request, 'GET', `/api/products/${product._id}/reviews`)).data.rating;
    expect(rating.count).toBeGreaterThan(0);
    await expect(section.getByTestId('rating-summary')).toHaveText(ratingWords(rating));
    const review = section.getByRole('listitem').filter({ hasText: 'Nandini R.' });
    await inView(review.getByRole('img', { name: 'Rated 4 out of 5' }));
    await inView(review.getByRole('heading', { name: title }));
    await inView(review.getByText('<b>bold</b> tailoring, true to size.', { exact: false }));
    await expect(review.locator('b, i')).toHaveCount(0);
    await expect(review).toContainText('Verified purchase');
    await section.scrollIntoViewIfNeeded();
    await screenshot(page, testInfo, 'product-reviews', { fullPage: false });

    // Back in the account, the review reads Published.
    await page.goto('/user/userreviews');
    await expect(page.getByRole('listitem', { name: `Your review of ${product.productName}` }).getByTestId('review-status')).toHaveText('Published');
  } finally {
    // Leave the demo shop as it was: the review goes (its order stays, as other tests' orders do).
    await request.fetch(`/api/user/reviews/${product._id}`, { method: 'DELETE', headers: { Authorization: `Bearer ${shopper.token}` } });
  }
});
