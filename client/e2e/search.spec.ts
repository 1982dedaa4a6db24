import { expect, type Locator, type Page } from '@playwright/test';
import { test } from './fixtures';
import { inView, openInApp, screenshot, seen } from './stack';

// Search as a shopper types (issue 20): suggestions under the search box, an ARIA combobox
// driven from the keyboard, typo-tolerant results, and a no-results page that suggests. On the
// demo shop (Jaipur Formals).

function isMobile(page: Page) {
  return (page.viewportSize()?.width ?? 1280) < 640;
}

/** The search box a shopper reaches: the header's, or the menu's on a phone. */
async function searchBox(page: Page): Promise<Locator> {
  if (isMobile(page)) {
    await seen(page.getByRole('button', { name: 'Open menu' })).click();
    return page.getByRole('navigation', { name: 'Mobile' }).getByRole('combobox', { name: 'Search products' });
  }
  return page.getByRole('banner').getByRole('combobox', { name: 'Search products' });
}

test('typing suggests products; the arrow keys choose one and Enter opens it', { tag: '@desktop' }, async ({ page }, testInfo) => {
  test.slow(); // typing key by key, then a page: on the shared 2-core machine it outlasted 30 s
  await page.goto('/');
  const box = await searchBox(page);
  await seen(box).click();
  await box.pressSequentially('navy blaz', { delay: 40 });
  const list = page.getByRole('listbox', { name: 'Suggestions' });
  await inView(list);
  await expect(box).toHaveAttribute('aria-expanded', 'true');
  const options = list.getByRole('option');
  await expect(options.first()).toContainText('Navy');
  await expect(options.first()).toContainText('Blazer');

  await box.press('ArrowDown');
  await box.press('ArrowDown');
  await box.press('ArrowUp');
  await box.press('ArrowDown');
  const chosen = options.nth(1);
  await inView(chosen);
  await expect(chosen).toHaveAttribute('aria-selected', 'true');
  await expect(box).toHaveAttribute('aria-activedescendant', (await chosen.getAttribute('id')) ?? '');
  const name = ((await chosen.locator('span span').first().textContent()) ?? '').trim();
  expect(name).toMatch(/Navy .*Blazer/);
  await screenshot(page, testInfo, 'search-suggestions', { fullPage: false });

  await box.press('Enter');
  await inView(page.getByRole('heading', { level: 1, name }));
  await expect(page).toHaveURL(/\/(api\/getproduct|product)\//);
});

test('Escape closes the suggestions and Enter then searches what was typed, a typo included', async ({ page }, testInfo) => {
  test.slow(); // typing key by key, then a page: on the shared 2-core machine it outlasted 30 s
  await page.goto('/');
  const box = await searchBox(page);
  await seen(box).click();
  await box.pressSequentially('shrt', { delay: 40 });
  const list = page.getByRole('listbox', { name: 'Suggestions' });
  await inView(list);
  await expect(list.getByRole('option').first()).toContainText('Shirt');
  await box.press('Escape');
  await expect(list).toBeHidden();
  await expect(box).toHaveAttribute('aria-expanded', 'false');
  await box.press('Enter');
  await inView(page.getByRole('heading', { level: 1, name: 'Results for “shrt”' }));
  const cards = page.getByRole('main').getByTestId('product-card');
  await inView(cards.first());
  for (const card of (await cards.all()).slice(0, 6)) {
    await expect(card).toContainText('Shirt');
  }
  await screenshot(page, testInfo, 'search-typo-results', { fullPage: false });
});

test('a search that finds nothing offers the closest matches and popular categories', { tag: '@phone' }, async ({ page }, testInfo) => {
  test.slow(); // typing key by key, then a page: on the shared 2-core machine it outlasted 30 s
  await page.goto('/search?q=navy%20qwertyuiop');
  await inView(page.getByRole('heading', { name: 'No products match "navy qwertyuiop"' }));
  const closest = page.getByRole('region', { name: 'Closest matches' });
  await inView(closest);
  await expect(closest.getByRole('link').first()).toContainText('Navy');
  await screenshot(page, testInfo, 'search-no-results', { fullPage: true });

  await openInApp(page, '/search?q=qwertyuiop');
  const popular = page.getByRole('region', { name: 'Popular categories' });
  await inView(popular);
  const first = popular.getByRole('link').first();
  await inView(first);
  const category = ((await first.textContent()) ?? '').trim();
  await first.click();
  await expect(page).toHaveURL(new RegExp(`/products/${encodeURIComponent(category).replace(/'/g, "'")}`));
});
