import { expect, type Page } from '@playwright/test';
import { test } from './fixtures';
import { appStarted, screenshot, seen } from './stack';

// Filters and sort on a listing (issue 20): by size and colour, sorted by price low to high, at
// 1280 px with the filter bar and at 390 px with the filter sheet; the address then opens the
// same page in a new browser, and the back button undoes the last choice.

function isPhone(page: Page) {
  return (page.viewportSize()?.width ?? 1280) < 768;
}

/** The products shown, in order: name and the price the shopper pays, in rupees. */
async function shown(page: Page) {
  const cards = page.getByRole('main').getByTestId('product-card');
  await expect(cards.first()).toBeVisible();
  return cards.evaluateAll((elements) =>
    elements.map((card) => {
      const name = document.getElementById(card.getAttribute('aria-labelledby') ?? '')?.textContent?.trim() ?? '';
      const price = Number((card.textContent ?? '').match(/₹([\d,]+)/)?.[1]?.replace(/,/g, '') ?? NaN);
      return { name, price };
    }),
  );
}

test('filter a listing by size and colour, sort it by price and share it', async ({ page, browser }, testInfo) => {
  test.setTimeout(120_000);
  await page.goto('/products/Formal%20Shirts');
  await appStarted(page);
  const all = await shown(page);
  // The filter bar's code arrives with the shopper's first move.
  await page.mouse.move(10, 10);

  if (isPhone(page)) {
    await seen(page.getByRole('button', { name: /^Filters/ })).click();
    const sheet = page.getByRole('dialog', { name: 'Filters' });
    await expect(sheet).toBeVisible();
    await seen(sheet.getByRole('group', { name: 'Size' }).getByRole('checkbox', { name: /^M\b/ })).check();
    const colours = sheet.getByRole('group', { name: 'Colour' }).getByRole('checkbox', { disabled: false });
    await seen(colours.first()).check();
    const showButton = sheet.getByRole('button', { name: /^Show \d+ products?$/ });
    await expect(showButton).toBeVisible();
    // Focus stays inside the sheet.
    for (let i = 0; i < 40; i++) await page.keyboard.press('Tab');
    expect(await sheet.evaluate((dialog) => dialog.contains(document.activeElement))).toBe(true);
    await screenshot(page, testInfo, 'listing-filter-sheet', { fullPage: false });
    await seen(showButton).click();
    await expect(sheet).toBeHidden();
  } else {
    const filters = page.getByRole('group', { name: 'Filters' });
    await seen(filters.locator('summary', { hasText: /^Size/ })).click();
    const sizeM = filters.getByRole('group', { name: 'Size' }).getByRole('checkbox', { name: /^M\b/ });
    await seen(sizeM).click();
    await expect(page).toHaveURL(/size=M/);
    await expect(sizeM).toBeChecked();
    await seen(filters.locator('summary', { hasText: /^Colour/ })).click();
    const colour = filters.getByRole('group', { name: 'Colour' }).getByRole('checkbox', { disabled: false }).first();
    await seen(colour).click();
    await expect(page).toHaveURL(/color=[a-z-]+/);
    await expect(colour).toBeChecked();
    await screenshot(page, testInfo, 'listing-filter-bar', { fullPage: false });
    await page.keyboard.press('Escape');
  }
  await expect(page).toHaveURL(/size=M/);
  await expect(page).toHaveURL(/color=[a-z-]+/);
  const chips = page.getByRole('list', { name: 'Chosen filters' });
  await expect(chips.getByRole('button', { name: /^Remove Size: M$/ })).toBeVisible();

  const sortedAnswer = page.waitForResponse((response) => response.url().includes('/api/getproduct?') && response.url().includes('sort=price_asc'));
  await seen(page.getByLabel('Sort by')).selectOption({ label: 'Price: low to high' });
  await expect(page).toHaveURL(/sort=price_asc/);
  await sortedAnswer;
  await expect.poll(async () => (await shown(page)).length).toBeLessThan(all.length);
  const sorted = await shown(page);
  expect(sorted.length).toBeGreaterThan(0);
  expect(sorted.map((p) => p.price)).toEqual([...sorted.map((p) => p.price)].sort((a, b) => a - b));
  if (isPhone(page)) await screenshot(page, testInfo, 'listing-filtered', { fullPage: false });

  // The address is the page: a new browser opening it sees the same products in the same order.
  const address = page.url();
  const other = await browser.newContext({ viewport: page.viewportSize()!, isMobile: isPhone(page), hasTouch: isPhone(page) });
  const second = await other.newPage();
  await second.goto(address);
  await appStarted(second);
  await expect.poll(async () => (await shown(second)).map((p) => p.name)).toEqual(sorted.map((p) => p.name));
  await expect(second.getByLabel('Sort by')).toHaveValue('price_asc');
  await other.close();

  // Back undoes the sort.
  await page.goBack();
  await expect(page).not.toHaveURL(/sort=/);
  await expect(page).toHaveURL(/size=M/);
  await expect(page.getByLabel('Sort by')).toHaveValue('');
});
