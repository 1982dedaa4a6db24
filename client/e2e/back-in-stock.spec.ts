import { expect, type APIRequestContext, type Locator, type Page } from '@playwright/test';
import { test } from './fixtures';
import { linkPath, mailsTo } from './mailbox';
import { backOfficeToken, call, inView, openBackOffice, screenshot, seen, keepShopperSignedIn, someAddress } from './stack';

// Back-in-stock alerts (issue 20) against the whole running stack: on a product page a guest
// chooses a sold-out size, is offered "Tell me when it's back", gives an e-mail (a bad one is
// refused at the field first) and sees the confirmation; asking again says so. A signed-in
// shopper asks with one tap. Quick view on a listing offers the same form. When the size comes
// back, the mail's link opens the product with that size chosen and its stop link stops the
// alerts. The mails' order and count are tested in Go with the worker
// (TestBackInStockFiveAskThreeComeBack).

interface ApiProduct {
  _id: string;
  slug: string;
  productName: string;
  subCategory: string;
  sizes: { size: string; stock: number }[];
}

/** A listed product with a sold-out size and a size in stock, and that sold-out size. */
async function soldOutSize(request: APIRequestContext, skip = 0) {
  const products = await call<{ items: ApiProduct[] }>(request, 'GET', '/api/getproduct?limit=48');
  const found = products.data.items.filter((p) => p.slug && p.sizes.some((s) => s.stock === 0) && p.sizes.some((s) => s.stock > 0));
  expect(found.length, 'a product with a sold-out size').toBeGreaterThan(skip);
  const product = found[skip]!;
  return { product, size: product.sizes.find((s) => s.stock === 0)!.size };
}

/** The size chip of a sold-out size ("30, sold out"). */
function soldOutChip(page: Page | Locator, size: string) {
  return page.getByRole('radio', { name: new RegExp(`^${size}\\s*, sold out$`) });
}

test('a guest asks to be told when a sold-out size is back', { tag: '@phone' }, async ({ page, request }, testInfo) => {
  test.setTimeout(60_000);
  const { product, size } = await soldOutSize(request);
  const email = `bis-${testInfo.project.name}-${Date.now()}@example.com`;
  await page.goto(`/product/${product.slug}`);
  await inView(page.getByRole('heading', { level: 1, name: product.productName }));

  await seen(soldOutChip(page, size)).check();
  const form = page.getByRole('form', { name: `Back in stock alert for size ${size}` });
  await inView(form.getByText(`Size ${size} is sold out`));
  await expect(page.getByRole('button', { name: 'Add to cart' })).toHaveCount(0);

  await seen(form.getByLabel('E-mail')).fill('not-an-email');
  await seen(form.getByRole('button', { name: "Tell me when it's back" })).click();
  await inView(form.getByText('Enter a valid e-mail address'));
  await screenshot(page, testInfo, 'back-in-stock-bad-email', { fullPage: false });

  await seen(form.getByLabel('E-mail')).fill(email);
  await seen(form.getByRole('button', { name: "Tell me when it's back" })).click();
  const done = page.getByRole('status').filter({ hasText: `Done: we will e-mail ${email} when size ${size} is back` });
  await inView(done);
  await screenshot(page, testInfo, 'back-in-stock-asked', { fullPage: false });

  // Asked again (another visit): the answer says so, nothing new is made.
  await page.reload();
  await seen(soldOutChip(page, size)).check();
  await seen(form.getByLabel('E-mail')).fill(email.toUpperCase());
  await seen(form.getByRole('button', { name: "Tell me when it's back" })).click();
  await inView(page.getByRole('status').filter({ hasText: 'Already on the list' }));

  // A size in stock still offers Add to cart.
  const inStock = product.sizes.find((s) => s.stock > 0)!.size;
  await seen(page.getByRole('radio', { name: inStock, exact: true })).check();
  await inView(page.getByRole('button', { name: 'Add to cart' }));

  // The back office's product page shows who waits, per size.
  await openBackOffice(page, { at: `/admin/getproduct/${product._id}` });
  const demand = page.getByRole('region', { name: 'Waiting for sizes to come back' });
  const waiting = demand.getByRole('listitem').filter({ hasText: `Size ${size}:` });
  await inView(waiting);
  await expect(waiting).toContainText(/\d+ shoppers? waiting/);
  await screenshot(page, testInfo, 'back-in-stock-admin-demand', { fullPage: false });
});

test('a signed-in shopper asks with one tap', { tag: '@desktop' }, async ({ page, request }, testInfo) => {
  test.setTimeout(60_000);
  const { product, size } = await soldOutSize(request, 1);
  const email = `bis-in-${testInfo.project.name}-${Date.now()}@example.com`;
  const registered = await call<unknown>(request, 'POST', '/api/register', undefined, { firstName: 'Meera Joshi', email, password: 'tailored-2026' }, someAddress());
  await keepShopperSignedIn(page, { token: registered.token!, user: registered.data });
  await page.goto(`/product/${product.slug}`);
  await inView(page.getByRole('heading', { level: 1, name: product.productName }));
  await seen(soldOutChip(page, size)).check();
  const form = page.getByRole('form', { name: `Back in stock alert for size ${size}` });
  await inView(form.getByText(`We'll e-mail ${email} as soon as it's back.`));
  await expect(form.getByLabel('E-mail')).toHaveCount(0);
  await seen(form.getByRole('button', { name: "Tell me when it's back" })).click();
  await inView(page.getByRole('status').filter({ hasText: `Done: we will e-mail ${email} when size ${size} is back` }));
  await screenshot(page, testInfo, 'back-in-stock-signed-in', { fullPage: false });
});

test('quick view on a listing offers to tell when a sold-out size is back', { tag: '@desktop' }, async ({ page, request }, testInfo) => {
  test.setTimeout(60_000);
  // A card on the first page of a sub-category's listing, filtered by a size the product has in
  // stock: its link carries that size (?size=), and its quick view has a sold-out size.
  const { product } = await soldOutSize(request);
  const inStock = product.sizes.find((s) => s.stock > 0)!.size;
  const listing = `/products/${encodeURIComponent(product.subCategory)}?size=${encodeURIComponent(inStock)}`;
  const listed = await call<{ items: ApiProduct[] }>(request, 'GET', `/api/getproduct?type=${encodeURIComponent(product.subCategory)}&size=${encodeURIComponent(inStock)}&page=1&limit=12`);
  const shown = listed.data.items.find((p) => p.sizes.some((s) => s.stock === 0)) ?? product;
  expect(listed.data.items.map((p) => p._id), 'a product with a sold-out size on the first page').toContain(shown._id);
  const shownSoldOut = shown.sizes.find((s) => s.stock === 0)!.size;
  const email = `bis-qv-${testInfo.project.name}-${Date.now()}@example.com`;
  await page.goto(listing);

  const name = page.getByRole('link', { name: shown.productName, exact: true });
  const card = page.getByTestId('product-card').filter({ has: name });
  await inView(name);
  await expect(name).toHaveAttribute('href', `/product/${shown.slug}?size=${encodeURIComponent(inStock)}`);

  await seen(card).hover();
  await seen(card.getByRole('button', { name: `Quick view: ${shown.productName}` })).click();
  const dialog = page.getByRole('dialog', { name: shown.productName });
  await seen(soldOutChip(dialog, shownSoldOut)).check();
  const form = dialog.getByRole('form', { name: `Back in stock alert for size ${shownSoldOut}` });
  await inView(form.getByText(`Size ${shownSoldOut} is sold out`));
  await expect(dialog.getByRole('button', { name: 'Add to cart' })).toHaveCount(0);
  await seen(form.getByLabel('E-mail')).fill(email);
  await screenshot(page, testInfo, 'back-in-stock-quick-view-form', { fullPage: false });
  await seen(form.getByRole('button', { name: "Tell me when it's back" })).click();
  await inView(dialog.getByRole('status').filter({ hasText: `Done: we will e-mail ${email} when size ${shownSoldOut} is back` }));
  await screenshot(page, testInfo, 'back-in-stock-quick-view-asked', { fullPage: false });
});

test('the mail of a size come back opens it chosen, and its stop link stops the alerts @shared-state', { tag: '@phone' }, async ({ page, request }, testInfo) => {
  test.setTimeout(90_000);
  // The last product with a sold-out size: a guest asks for its sold-out size and for another
  // product's; the first size comes back (enough units for everyone waiting for it).
  const products = await call<{ items: ApiProduct[] }>(request, 'GET', '/api/getproduct?limit=48');
  const candidates = products.data.items.filter((p) => p.slug && p.sizes.some((s) => s.stock === 0) && p.sizes.some((s) => s.stock > 0));
  expect(candidates.length, 'two products with a sold-out size').toBeGreaterThan(2);
  const product = candidates.at(-1)!;
  const other = candidates[0]!;
  const size = product.sizes.find((s) => s.stock === 0)!.size;
  const email = `bis-stop-${testInfo.project.name}-${Date.now()}@example.com`;
  const ask = (p: ApiProduct) =>
    call(request, 'POST', `/api/products/${p._id}/restock-alerts`, undefined, { size: p.sizes.find((s) => s.stock === 0)!.size, email }, someAddress());
  await ask(product);
  await ask(other);

  const admin = await backOfficeToken(request);
  const setStock = async (sizes: { size: string; stock: number }[]) => {
    const answer = await request.put(`/api/admin/products/${product._id}/stock`, { headers: { Authorization: `Bearer ${admin}` }, data: { sizes } });
    expect(answer.ok(), `stock of ${product.productName}: ${answer.status()} ${await answer.text()}`).toBe(true);
  };
  await setStock(product.sizes.map((s) => ({ size: s.size, stock: s.size === size ? 20 : s.stock })));
  try {
    const [mail] = await mailsTo(request, email, (m) => m.subject === `Back in stock: ${product.productName}, size ${size}`);

    // The mail's link: the product's page with that size chosen, ready for Add to cart.
    await page.goto(linkPath(mail!.text, '/product/'));
    await inView(page.getByRole('heading', { level: 1, name: product.productName }));
    await expect(page.getByRole('radio', { name: size, exact: true })).toBeChecked();
    await inView(page.getByRole('button', { name: 'Add to cart' }));

    // Its stop link: says what waits, and stops it after a tap.
    await page.goto(linkPath(mail!.text, '/restock-alerts/'));
    await inView(page.getByRole('heading', { level: 1, name: 'Back-in-stock mails' }));
    await inView(page.getByText(/is waiting for one size to come back\./));
    await screenshot(page, testInfo, 'back-in-stock-stop-link', { fullPage: false });
    await seen(page.getByRole('button', { name: 'Stop back-in-stock mails' })).click();
    await inView(page.getByRole('heading', { level: 1, name: 'Stopped' }));
    await screenshot(page, testInfo, 'back-in-stock-stopped', { fullPage: false });

    // Opened again, the link says nothing waits any more; the other product's request is gone.
    await page.reload();
    await inView(page.getByText(/is not waiting for anything to come back\./));
    await expect(page.getByRole('button', { name: 'Stop back-in-stock mails' })).toHaveCount(0);
    const again = await call<{ alreadyAsked: boolean }>(request, 'POST', `/api/products/${other._id}/restock-alerts`, undefined,
      { size: other.sizes.find((s) => s.stock === 0)!.size, email }, someAddress());
    expect(again.data.alreadyAsked, 'the stopped request is no longer waiting').toBe(false);
  } finally {
    await setStock(product.sizes);
  }
});
