import { expect, type Locator, type Page } from '@playwright/test';
import { test } from './fixtures';
import { inView, screenshot, seen } from './stack';

// Issue 21: the header finds things on a phone. Search and the account stay in the bar at 390 px,
// the menu opens on the categories, and every control a thumb aims at is at least 44 px: the
// header's icons, the product cards' quick-view buttons and wishlist hearts.

const isPhone = (page: Page) => (page.viewportSize()?.width ?? 1280) < 640;

/** Asserts a control is at least 44 by 44 CSS pixels. */
async function tappable(control: Locator) {
  const box = await control.boundingBox();
  expect(box, `${control} is drawn`).not.toBeNull();
  expect(Math.round(box!.width), `${control} width`).toBeGreaterThanOrEqual(44);
  expect(Math.round(box!.height), `${control} height`).toBeGreaterThanOrEqual(44);
}

test('the header’s search finds a product, and its search and account controls are in reach', async ({ page }, testInfo) => {
  test.slow();
  await page.goto('/shop');
  const header = page.getByRole('banner');
  const account = header.getByRole('link', { name: 'Sign In' });
  await inView(account, { scroll: false });
  await tappable(account);
  await tappable(header.getByRole('link', { name: /^Cart/ }));

  let box: Locator;
  if (isPhone(page)) {
    const search = header.getByRole('link', { name: 'Search' });
    await inView(search, { scroll: false });
    await tappable(search);
    await tappable(header.getByRole('button', { name: 'Open menu' }));
    await seen(search, { scroll: false }).click();
    await expect(page).toHaveURL(/\/search/);
    box = page.getByRole('main').getByRole('searchbox').or(page.getByRole('main').getByRole('combobox')).first();
  } else {
    box = header.getByRole('combobox', { name: 'Search products' });
  }
  await seen(box).fill('navy blazer');
  await box.press('Enter');
  await expect(page).toHaveURL(/\/search\?.*navy/i);
  const result = page.getByRole('main').getByRole('link', { name: /Navy.*Blazer/i }).first();
  await inView(result);
  await screenshot(page, testInfo, 'header-search-results', { fullPage: false });
});

test('the phone menu opens on the categories', { tag: '@phone' }, async ({ page }, testInfo) => {
  await page.goto('/');
  await seen(page.getByRole('button', { name: 'Open menu' }), { scroll: false }).click();
  const menu = page.getByRole('navigation', { name: 'Mobile' });
  const first = menu.getByRole('heading').first();
  await inView(first, { scroll: false });
  await expect(first).toHaveText('Shop');
  // The first link in the menu is a category, not Home or Sign In.
  const links = menu.getByRole('link');
  await inView(links.first(), { scroll: false });
  await expect(links.first()).not.toHaveText(/^(Home|Sign In)$/);
  await screenshot(page, testInfo, 'phone-menu', { fullPage: false });
});

test('quick-view buttons and wishlist hearts are 44 px tap targets', async ({ page }, testInfo) => {
  test.slow();
  await page.goto('/shop');
  const main = page.getByRole('main');
  const quickView = main.getByRole('button', { name: /^Quick view: / }).first();
  const heart = main.getByRole('button', { name: /^Save .* to wishlist$/ }).first();
  await inView(heart, { timeout: 30_000 });
  await tappable(heart);
  if (isPhone(page)) {
    await inView(quickView);
    await tappable(quickView);
  } else {
    await quickView.hover({ trial: true }).catch(() => undefined);
    await main.locator('article').first().hover();
    await inView(quickView);
    await tappable(quickView);
  }
  await screenshot(page, testInfo, 'listing-tap-targets', { fullPage: false });
});

test('the sale bar is one line that leads to the sale', async ({ page }, testInfo) => {
  await page.goto('/');
  const bar = page.getByTestId('sale-banner');
  // The browser-test shop runs the demo sale (demo data), so its bar is there to check.
  await expect(bar).toHaveCount(1);
  const link = bar.getByRole('link');
  await inView(link, { scroll: false });
  await expect(link).toHaveAttribute('href', '/sale');
  const text = link.locator('p');
  const lineHeight = await text.evaluate((element) => parseFloat(getComputedStyle(element).lineHeight));
  const height = (await text.boundingBox())!.height;
  expect(height, 'the announcement is one line').toBeLessThan(lineHeight * 1.5);
  await tappable(link);
  await screenshot(page, testInfo, 'sale-bar', { fullPage: false });
  await seen(link, { scroll: false }).click();
  await expect(page).toHaveURL(/\/sale$/);
});
