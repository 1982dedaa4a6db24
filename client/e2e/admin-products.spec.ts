import { expect } from '@playwright/test';
import { test } from './fixtures';
import { inView, openBackOffice, screenshot, seen } from './stack';

// The back office's product list, against the whole running stack: an admin finds a demo
// product by its code, hides it with the bulk bar (the storefront no longer shows it), and
// shows it again; filters live in the URL.

test('an admin hides a product from the storefront and shows it again', { tag: '@desktop' }, async ({ page, request }, testInfo) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  const listing = await request.get('/api/getproduct?page=1');
  expect(listing.ok()).toBe(true);
  const product = ((await listing.json()) as { data: { items: { _id: string; productId: string; productName: string }[] } }).data.items[0];
  const storefront = () => request.get(`/api/getproduct/${product._id}`);
  expect((await storefront()).ok()).toBe(true);

  await openBackOffice(page);
  await seen(page.getByRole('navigation', { name: 'Back office' }).getByRole('link', { name: 'Products' })).click();
  await inView(page.getByRole('heading', { level: 1, name: 'Products' }));
  const table = page.getByRole('table', { name: 'Products' });
  await expect(table).not.toContainText('Loading...');
  await expect(table.locator('tbody > tr')).toHaveCount(10);
  await screenshot(page, testInfo, 'admin-products');

  await seen(page.getByLabel('Search')).fill(product.productId);
  await seen(page.getByRole('button', { name: 'Search' })).click();
  await expect(page).toHaveURL(/q=/);
  const row = table.getByRole('row', { name: new RegExp(product.productName) });
  await expect(row).toContainText('Shown');

  const bulk = page.getByRole('toolbar', { name: 'Change the selected products' });
  await expect(bulk.getByRole('button', { name: 'Hide' })).toBeDisabled();
  await seen(row.getByRole('checkbox')).check();
  await expect(bulk).toContainText('1 selected');
  await seen(bulk.getByRole('button', { name: 'Hide' })).click();
  await expect(row).toContainText('Hidden');
  expect((await storefront()).status()).toBe(404);

  await seen(row.getByRole('checkbox')).check();
  await seen(bulk.getByRole('button', { name: 'Show on the storefront' })).click();
  await expect(row).toContainText('Shown');
  expect((await storefront()).ok()).toBe(true);

  await seen(page.getByLabel('Stock')).selectOption('out');
  await expect(page).toHaveURL(/stock=out/);
  await expect(table).not.toContainText('Loading...');
});
