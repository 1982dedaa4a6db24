import { randomUUID } from 'node:crypto';
import { expect } from '@playwright/test';
import { test } from './fixtures';
import { inView, openBackOffice, screenshot, seen } from './stack';

// Coupons in the back office, against the whole running stack: an admin's bad code is refused
// field by field; a new coupon appears with its terms in words; editing changes them; switching
// it off takes it out of the storefront's coupon list.

test('an admin creates, edits and switches off a coupon', { tag: '@desktop' }, async ({ page, request }, testInfo) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  const code = `FEST${randomUUID().replace(/[^0-9]/g, '').slice(0, 5)}`;
  const storefrontCodes = async () =>
    ((await (await request.get('/api/getcoupon')).json()) as { data: { code: string }[] | { items: { code: string }[] } }).data;

  await openBackOffice(page);
  await seen(page.getByRole('navigation', { name: 'Back office' }).getByRole('link', { name: 'Coupons' })).click();
  await inView(page.getByRole('heading', { level: 1, name: 'Coupons' }));
  const table = page.getByRole('table', { name: 'Coupons' });
  await expect(table).not.toContainText('Loading...');

  await seen(page.getByRole('button', { name: 'New coupon' })).click();
  const form = page.getByRole('form', { name: 'New coupon' });
  await seen(form.getByLabel('Code')).fill('x!');
  await seen(form.getByRole('button', { name: 'Create coupon' })).click();
  await expect(form).toContainText('Use 3 to 32 letters, digits, - or _');
  await expect(form).toContainText('Discount must be 1 to 100 percent');
  await seen(form.getByLabel('Code')).fill(code.toLowerCase());
  await seen(form.getByLabel('Description')).fill('Festive season');
  await seen(form.getByLabel('Discount (%)')).fill('12');
  await seen(form.getByLabel('Minimum order (₹)')).fill('1999');
  await seen(form.getByLabel('Maximum discount (₹)')).fill('500');
  await seen(form.getByLabel('Usage limit')).fill('100');
  await seen(form.getByRole('button', { name: 'Create coupon' })).click();
  await expect(form).toBeHidden();

  const row = table.getByRole('row', { name: new RegExp(code) });
  await expect(row).toContainText('12% off orders of ₹1,999 or more, up to ₹500');
  await expect(row).toContainText('0 of 100');
  await expect(row).toContainText('On');
  await screenshot(page, testInfo, 'admin-coupons');

  await seen(row.getByRole('button', { name: `Edit ${code}` })).click();
  const edit = page.getByRole('form', { name: `Edit ${code}` });
  await expect(edit.getByLabel('Discount (%)')).toHaveValue('12');
  await seen(edit.getByLabel('Discount (%)')).fill('15');
  await seen(edit.getByRole('button', { name: 'Save' })).click();
  await expect(row).toContainText('15% off orders of ₹1,999 or more, up to ₹500');

  await seen(row.getByRole('button', { name: `Switch ${code} off` })).click();
  await expect(row).toContainText('Off');
  expect(JSON.stringify(await storefrontCodes())).not.toContain(code);
});
