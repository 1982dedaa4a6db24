import { expect, type Locator, type Page } from '@playwright/test';
import { test } from './fixtures';
import { inStockSize, inView, openInApp, screenshot, seen } from './stack';

// The storefront's browsing pages against the running shop with its demo data (Jaipur Formals:
// Men and Women, Formal Shirts, Formal Trousers, …, and the Festive Formals sale).

function isMobile(page: Page) {
  return (page.viewportSize()?.width ?? 1280) < 640;
}

async function expectNoBrokenImages(page: Page) {
  const broken = await page.evaluate(() =>
    Array.from(document.images).filter((image) => image.complete && image.naturalWidth === 0).map((image) => image.src),
  );
  expect(broken, 'broken images').toEqual([]);
}

async function expectNoSidewaysScroll(page: Page) {
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow, 'horizontal overflow').toBeLessThanOrEqual(0);
}

/** Opens a sub-category listing the way a shopper does: the Shop dropdown, or the menu on a phone. */
async function openFromShopMenu(page: Page, name: string) {
  if (isMobile(page)) {
    await seen(page.getByRole('button', { name: 'Open menu' })).click();
    await seen(page.getByRole('navigation', { name: 'Mobile' }).getByRole('link', { name, exact: true })).click();
  } else {
    const nav = page.getByRole('navigation', { name: 'Main' });
    await seen(nav.getByRole('button', { name: 'Shop' })).click();
    await seen(nav.getByRole('list', { name: 'Shop categories' }).getByRole('link', { name, exact: true })).click();
  }
}

async function search(page: Page, query: string) {
  if (isMobile(page)) {
    await seen(page.getByRole('button', { name: 'Open menu' })).click();
    const box = page.getByRole('navigation', { name: 'Mobile' }).getByRole('combobox', { name: 'Search products' });
    await seen(box).fill(query);
    await seen(box).press('Enter');
  } else {
    const box = page.getByRole('banner').getByRole('combobox', { name: 'Search products' });
    await seen(box).fill(query);
    await seen(box).press('Enter');
  }
}

function cards(page: Page): Locator {
  return page.getByRole('main').getByTestId('product-card');
}

test('home shows category tiles and best sellers from the shop', async ({ page }, testInfo) => {
  await page.goto('/');
  const tiles = page.getByRole('region', { name: 'Shop by category' });
  await expect(tiles.getByRole('link', { name: 'Formal Shirts' })).toHaveAttribute('href', '/products/Formal%20Shirts');
  await expect(tiles.getByRole('link', { name: 'Flexiwaist Pant' })).toHaveAttribute('href', '/products/Flexiwaist%20Pant');
  const bestSellers = page.getByRole('list', { name: 'Best sellers' }).getByTestId('product-card');
  await expect(bestSellers).toHaveCount(8);
  await expect(page.getByRole('complementary', { name: 'Sale' })).toContainText('Festive Formals');
  await expectNoBrokenImages(page);
  await screenshot(page, testInfo, 'home-catalog');
});

test('a shopper browses, pages, quick-views, adds to the cart and opens the product', async ({ page }, testInfo) => {
  // A long walk, each step first checked in the window as a person sees it.
  test.setTimeout(60_000);
  await page.goto('/');
  await openFromShopMenu(page, 'Formal Shirts');
  await expect(page).toHaveURL(/\/products\/Formal%20Shirts$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Formal Shirts');
  await expect(cards(page)).toHaveCount(12);
  await inView(page.getByText(/^\d+ products$/));
  await expectNoBrokenImages(page);
  await expectNoSidewaysScroll(page);
  await screenshot(page, testInfo, 'listing');

  const pages = page.getByRole('navigation', { name: 'Formal Shirts, pages' });
  await expect(pages.getByRole('button', { name: 'Prev' })).toBeDisabled();
  await seen(pages.getByRole('link', { name: 'Next' })).click();
  await expect(page).toHaveURL(/\/products\/Formal%20Shirts\?page=2$/);
  await expect(pages.getByRole('link', { name: 'Page 2' })).toHaveAttribute('aria-current', 'page');
  await inView(cards(page).first());
  const firstOnPage2 = await cards(page).first().getByRole('heading').textContent();
  await seen(pages.getByRole('link', { name: 'Page 1' })).click();
  await expect(page).toHaveURL(/\/products\/Formal%20Shirts$/);
  await expect(cards(page).first().getByRole('heading')).not.toHaveText(firstOnPage2 ?? '');

  const card = cards(page).filter({ hasNot: page.getByText('Out of Stock') }).first();
  const name = (await card.getByRole('heading').textContent())!.trim();
  await seen(card).hover();
  await seen(card.getByRole('button', { name: `Quick view: ${name}` })).click();
  const dialog = page.getByRole('dialog', { name });
  await inView(dialog);
  await expect(dialog.getByRole('radio').first()).toBeAttached();
  await screenshot(page, testInfo, 'quick-view', { fullPage: false });

  await seen(dialog.getByRole('button', { name: 'Add to cart' })).click();
  await expect(dialog.getByRole('alert')).toHaveText('Please select a size');
  await expect(dialog.getByRole('alert')).toHaveText('', { timeout: 5000 });

  const badge = page.getByTestId('cart-count');
  await expect(badge).toHaveText('0');
  await seen(dialog.getByRole('radio', { name: inStockSize }).first()).check();
  await seen(dialog.getByRole('button', { name: 'Add to cart' })).click();
  await expect(dialog).toBeHidden();
  // The cart drawer slides in with the line; Esc closes it and leaves the green banner.
  const drawer = page.getByRole('dialog', { name: 'Your cart' });
  await inView(drawer);
  await expect(drawer.getByTestId('cart-line')).toContainText(name);
  await screenshot(page, testInfo, 'cart-drawer', { fullPage: false });
  await page.keyboard.press('Escape');
  await expect(drawer).toBeHidden();
  const notice = page.getByTestId('cart-added-notice');
  await expect(notice).toContainText('Item added to your cart');
  await inView(notice.getByRole('link', { name: 'View Cart' }));
  await expect(badge).toHaveText('1');
  await inView(page.getByRole('link', { name: 'Cart, 1 item' }));
  await screenshot(page, testInfo, 'added-to-cart', { fullPage: false });
  const stored = await page.evaluate(() => JSON.parse(localStorage.getItem('guestCart') ?? '[]'));
  expect(stored).toEqual([expect.objectContaining({ productName: name, quantity: 1 })]);

  await seen(card).hover();
  await seen(card.getByRole('button', { name: `Quick view: ${name}` })).click();
  await seen(page.getByRole('dialog', { name }).getByRole('link', { name: 'All details' })).click();
  await expect(page).toHaveURL(/\/product\/[a-z0-9-]+-[0-9a-f]{8}$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(name);
  await inView(page.getByRole('navigation', { name: 'Breadcrumb' }).getByRole('link', { name: 'Formal Shirts' }));
  await inView(page.getByRole('heading', { name: 'Details', exact: true }));
  await expectNoBrokenImages(page);
  await expectNoSidewaysScroll(page);
  await screenshot(page, testInfo, 'product');

  await page.reload();
  await expect(page.getByTestId('cart-count')).toHaveText('1');
});

test('the sale page shows the running sale priced to the paisa', async ({ page }, testInfo) => {
  await page.goto('/sale');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Festive Formals');
  const banner = page.locator('picture');
  await expect(banner.locator('source')).toHaveAttribute('media', '(max-width: 640px)');
  await inView(cards(page).first());
  await expect(cards(page).first()).toContainText(/₹[\d,]+\.\d{2}/);
  await expect(cards(page).first()).toContainText('Festive Formals');
  await expectNoBrokenImages(page);
  await expectNoSidewaysScroll(page);
  await screenshot(page, testInfo, 'sale');
});

test('search finds oxford shirts, and says so when nothing matches', async ({ page }, testInfo) => {
  await page.goto('/');
  await search(page, 'oxford');
  await expect(page).toHaveURL(/\/search\?q=oxford$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Results for “oxford”');
  await expect(cards(page).first()).toContainText(/oxford/i);
  await expectNoBrokenImages(page);
  await screenshot(page, testInfo, 'search');

  await openInApp(page, '/search?q=zzzzqqq');
  await inView(page.getByRole('heading', { name: 'No products match "zzzzqqq"' }));
  await screenshot(page, testInfo, 'search-empty');
});

test('best sellers, shop all and a gender listing', async ({ page }, testInfo) => {
  await page.goto('/');
  if (isMobile(page)) {
    await seen(page.getByRole('button', { name: 'Open menu' })).click();
    await seen(page.getByRole('navigation', { name: 'Mobile' }).getByRole('link', { name: 'Best Seller' })).click();
  } else {
    await seen(page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Best Seller' })).click();
  }
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Best sellers');
  await inView(page.getByTestId('bestseller-banner'));
  await inView(cards(page).first());
  await screenshot(page, testInfo, 'bestsellers');

  await openInApp(page, '/shop');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Shop all');
  await expect(cards(page)).toHaveCount(12);
  await screenshot(page, testInfo, 'shop-all');

  await openInApp(page, '/shop/women');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Women');
  await inView(cards(page).first());

  await openInApp(page, '/products/Flexiwaist%20Pant');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Flexiwaist Pant');
  await inView(cards(page).first());
  await expectNoBrokenImages(page);
  await screenshot(page, testInfo, 'listing-flexiwaist');
});

test('an unknown product says Product not found', { tag: '@phone' }, async ({ page }, testInfo) => {
  await page.goto('/api/getproduct/000000000000000000000000');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Product not found');
  await screenshot(page, testInfo, 'product-not-found');
});

test('return policy and terms show the pages the shop wrote', { tag: '@desktop' }, async ({ page }, testInfo) => {
  await page.goto('/returns');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Return and Exchange Policy');
  await inView(page.getByTestId('cms-content'));
  await screenshot(page, testInfo, 'returns');

  await openInApp(page, '/returnpolicydetails');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Return and Exchange Policy');
  await inView(page.getByTestId('cms-content'));

  await openInApp(page, '/terms-conditions');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Terms and conditions');
  await inView(page.getByTestId('cms-content'));
  await screenshot(page, testInfo, 'terms');
});

test('catalog pages do not scroll sideways and tap targets stay large on phones', async ({ page }) => {
  // The home page loaded (not checked here), each page below reached inside the app: each is
  // checked as drawn, not as loaded.
  await page.goto('/');
  for (const path of ['/shop', '/products/bestseller', '/sale', '/search?q=shirt', '/returns', '/terms-conditions']) {
    await openInApp(page, path);
    await inView(page.getByRole('heading', { level: 1 }));
    await expectNoSidewaysScroll(page);
  }
  if (!isMobile(page)) return;
  await openInApp(page, '/products/Formal%20Shirts');
  await inView(cards(page).first());
  const [first, second, third] = await Promise.all([0, 1, 2].map((index) => cards(page).nth(index).boundingBox()));
  expect(first!.y, 'two cards side by side').toBe(second!.y);
  expect(third!.y, 'the third starts a new row').toBeGreaterThan(first!.y);
  const targets = page.getByRole('navigation', { name: 'Formal Shirts, pages' }).locator('a, button');
  for (const target of await targets.all()) {
    const box = await target.boundingBox();
    expect(box?.height ?? 0).toBeGreaterThanOrEqual(44);
    expect(box?.width ?? 0).toBeGreaterThanOrEqual(44);
  }
});
