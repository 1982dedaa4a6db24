// Pages as search engines and link previews read them (issue 20): moving around in the app keeps
// each page's title, canonical address and description its own, and drops the structured data
// of the page left; an address the shop has no page for answers 404 with the shop's 404 page.
import { expect, type Page } from '@playwright/test';
import { test } from './fixtures';
import { inView, screenshot, seen } from './stack';

const canonical = (page: Page) => page.locator('head link[rel="canonical"]');
const description = (page: Page) => page.locator('head meta[name="description"]');
const structuredTypes = (page: Page) =>
  page.locator('head script[type="application/ld+json"]').evaluateAll((scripts) => scripts.map((s) => JSON.parse(s.textContent ?? '{}')['@type']));

test('moving from a listing to a product and back keeps the title, canonical and description right', { tag: '@phone' }, async ({ page }) => {
  test.setTimeout(90_000);
  await page.goto('/products/Formal%20Shirts');
  await expect(page).toHaveTitle('Formal Shirts — drape');
  await expect(canonical(page)).toHaveCount(1);
  await expect(canonical(page)).toHaveAttribute('href', /\/products\/Formal%20Shirts$/);
  expect(await structuredTypes(page)).toContain('ItemList');
  const listingDescription = await description(page).getAttribute('content');

  // A product, opened from its card in the app (no page load).
  const card = page.getByTestId('product-card').first();
  const name = ((await card.getByRole('heading').textContent()) ?? '').trim();
  await seen(card.getByRole('link', { name, exact: true })).click();
  await expect(page).toHaveURL(/\/product\/[a-z0-9-]+-[0-9a-f]{8}$/);
  await inView(page.getByRole('heading', { level: 1, name }));
  await expect(page).toHaveTitle(`${name} — drape`);
  await expect(canonical(page)).toHaveCount(1);
  await expect(canonical(page)).toHaveAttribute('href', /\/product\/[a-z0-9-]+-[0-9a-f]{8}$/);
  await expect(description(page)).not.toHaveAttribute('content', listingDescription ?? '');
  await expect(page.locator('head meta[property="og:title"]')).toHaveAttribute('content', `${name} — drape`);
  expect(await structuredTypes(page)).not.toContain('ItemList');
  const productAddress = await canonical(page).getAttribute('href');

  // Its canonical address is a page of its own, drawn by the server with the same head.
  const response = await page.goto(productAddress!);
  expect(response?.status()).toBe(200);
  await inView(page.getByRole('heading', { level: 1, name }));
  await expect(page).toHaveTitle(`${name} — drape`);
  await expect(canonical(page)).toHaveAttribute('href', productAddress!);
  expect(await structuredTypes(page)).toEqual(expect.arrayContaining(['Product', 'BreadcrumbList']));

  // Back to the listing through the breadcrumbs: the listing's head again, no product's data.
  await seen(page.getByRole('navigation', { name: 'Breadcrumb' }).getByRole('link', { name: 'Formal Shirts' })).click();
  await inView(page.getByRole('heading', { level: 1, name: 'Formal Shirts' }));
  await expect(page).toHaveTitle('Formal Shirts — drape');
  await expect(canonical(page)).toHaveCount(1);
  await expect(canonical(page)).toHaveAttribute('href', /\/products\/Formal%20Shirts$/);
  await expect(page.locator('head meta[property="product:price:amount"]')).toHaveCount(0);
  expect(await structuredTypes(page)).toEqual([]);
});

test("an unknown address answers 404 with the shop's 404 page", { tag: '@desktop' }, async ({ page }, testInfo) => {
  const response = await page.goto('/no-such-page');
  expect(response?.status()).toBe(404);
  await inView(page.getByRole('heading', { level: 1, name: 'Page not found' }));
  await inView(page.getByRole('link', { name: 'Back to home' }));
  await expect(page).toHaveTitle('Page not found — drape');
  await expect(page.locator('head meta[name="robots"]')).toHaveAttribute('content', 'noindex');
  await screenshot(page, testInfo, 'not-found');
});
