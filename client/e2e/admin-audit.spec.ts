import { randomUUID } from 'node:crypto';
import { expect } from '@playwright/test';
import { test } from './fixtures';
import { admin, inView, openBackOffice, screenshot, seen } from './stack';

// The audit log, against the whole running stack: an admin changes a coupon through the API
// (as the back office's screens do), then finds both changes in /admin/audit, filters them to
// coupons, and opens one to see the discount before and after.

test('an admin finds a coupon change in the audit log, with before and after', { tag: '@desktop' }, async ({ page, request }, testInfo) => {
  test.setTimeout(60_000);
  await page.setViewportSize({ width: 1440, height: 900 });

  const login = await request.post('/api/admin/login', { data: admin });
  expect(login.ok()).toBe(true);
  const token = ((await login.json()) as { token: string }).token;
  const code = `AUDIT${randomUUID().slice(0, 6).toUpperCase().replace(/[^A-Z0-9]/g, 'X')}`;
  const created = await request.post('/api/admin/coupons', {
    headers: { Authorization: `Bearer ${token}` },
    data: { name: code, description: 'Audit log check', discount: 10, usageLimit: 50 },
  });
  expect(created.status(), await created.text()).toBe(201);
  const id = ((await created.json()) as { data: { _id: string } }).data._id;
  const updated = await request.put(`/api/admin/coupons/${id}`, {
    headers: { Authorization: `Bearer ${token}` },
    data: { name: code, description: 'Audit log check', discount: 15, usageLimit: 50 },
  });
  expect(updated.status(), await updated.text()).toBe(200);

  await openBackOffice(page);
  await seen(page.getByRole('navigation', { name: 'Back office' }).getByRole('link', { name: 'Audit log' })).click();
  await expect(page).toHaveURL(/\/admin\/audit$/);
  await inView(page.getByRole('heading', { level: 1, name: 'Audit log' }));
  const changes = page.getByRole('table', { name: 'Changes' });
  await expect(changes).not.toContainText('Loading...');

  // Narrow to coupons: the URL keeps the filter, the newest change is the update.
  await seen(page.getByLabel('Entity')).selectOption('coupon');
  await expect(page).toHaveURL(/entity=coupon/);
  const newest = changes.locator('tbody > tr').first();
  await expect(newest).toContainText('Changed coupon');
  await expect(newest).toContainText(id);
  await expect(newest).toContainText(admin.email);
  await expect(changes).toContainText('Created coupon');

  await seen(newest.getByRole('button', { name: 'Show changes' })).click();
  const fields = page.getByRole('table', { name: 'Fields changed by PUT /api/admin/coupons/:id' });
  const discount = fields.getByRole('row', { name: /discount/ });
  await expect(discount.getByRole('cell').nth(0)).toHaveText('10');
  await expect(discount.getByRole('cell').nth(1)).toHaveText('15');
  await screenshot(page, testInfo, 'admin-audit');

  // A filter that matches nothing says so.
  await seen(page.getByLabel('Who')).fill('nobody@example.in');
  await seen(page.getByRole('button', { name: 'Apply' })).click();
  await expect(changes).toContainText('No changes match these filters.');
  await seen(page.getByRole('button', { name: 'Clear filters' })).click();
  await expect(page).toHaveURL(/\/admin\/audit$/);

  // Switched off, so shoppers in the tests after this one see the demo's coupons only.
  const off = await request.post(`/api/admin/coupons/${id}/active`, { headers: { Authorization: `Bearer ${token}` }, data: { active: false } });
  expect(off.ok(), await off.text()).toBe(true);
});
