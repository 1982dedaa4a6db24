import { expect } from '@playwright/test';
import { test } from './fixtures';
import { inView, openBackOffice, screenshot, seen } from './stack';

// Sales in the back office, against the whole running stack, with a shopper's storefront open
// in another browser context: switching the demo's Festive Formals sale off takes its banner
// off the storefront without a reload, and switching it on brings it back. A new sale is
// created (off, so it changes nothing for shoppers), found with its reach in words, and deleted.

test('switching a sale off and on changes an open storefront live', { tag: '@desktop' }, async ({ page, browser }, testInfo) => {
  test.setTimeout(60_000);
  await page.setViewportSize({ width: 1440, height: 900 });

  const shopper = await (await browser.newContext({ baseURL: testInfo.project.use.baseURL })).newPage();
  await shopper.goto('/');
  const banner = shopper.getByRole('complementary', { name: 'Sale' });
  await expect(banner).toContainText('Festive Formals');

  await openBackOffice(page);
  await seen(page.getByRole('navigation', { name: 'Back office' }).getByRole('link', { name: 'Sales' })).click();
  await inView(page.getByRole('heading', { level: 1, name: 'Sales' }));
  const table = page.getByRole('table', { name: 'Sales' });
  await expect(table).not.toContainText('Loading...');
  const festive = table.getByRole('row', { name: /Festive Formals/ });
  await expect(festive).toContainText('On');

  try {
    await seen(festive.getByRole('button', { name: 'Switch Festive Formals off' })).click();
    await expect(festive).toContainText('Off');
    // The banner goes (or shows another running sale): Festive Formals is no longer announced.
    await expect(shopper.getByText(/Festive Formals sale is live/)).toHaveCount(0, { timeout: 10_000 });
  } finally {
    // Put the demo sale back for the tests after this one, whatever happened above.
    if (await festive.getByRole('button', { name: 'Switch Festive Formals on' }).isVisible()) {
      await seen(festive.getByRole('button', { name: 'Switch Festive Formals on' })).click();
    }
  }
  await expect(festive).toContainText('On');
  await expect(banner).toContainText('Festive Formals', { timeout: 10_000 });

  // A new sale, off: refused without a name, then created with its reach in words.
  await seen(page.getByRole('button', { name: 'New sale' })).click();
  const form = page.getByRole('form', { name: 'New sale' });
  await seen(form.getByRole('button', { name: 'Create sale' })).click();
  await expect(form).toContainText('Name the sale');
  await seen(form.getByLabel('Name')).fill('Monsoon Shirts');
  await seen(form.getByLabel('Discount (%)')).fill('15');
  await seen(form.getByLabel('For')).selectOption('Men');
  await seen(form.getByRole('button', { name: 'Create sale' })).click();
  await expect(form).toBeHidden();
  const monsoon = table.getByRole('row', { name: /Monsoon Shirts/ });
  await expect(monsoon).toContainText('15%');
  await expect(monsoon).toContainText('Men');
  await expect(monsoon).toContainText('Off');
  await screenshot(page, testInfo, 'admin-sales');
  await seen(monsoon.getByRole('button', { name: 'Delete Monsoon Shirts' })).click();
  await seen(page.getByRole('dialog', { name: 'Delete Monsoon Shirts?' }).getByRole('button', { name: 'Delete Monsoon Shirts' })).click();
  await expect(table).not.toContainText('Monsoon Shirts');
  await expect(banner).toContainText('Festive Formals');
});
