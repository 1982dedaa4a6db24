import { expect } from '@playwright/test';
import { test } from './fixtures';
import { backOfficeToken, call, inView, screenshot, openBackOffice, seen } from './stack';

// Every screen of the back office's side navigation, for an admin and for staff: each opens
// with its heading and settles (no 'Loading...' left, no error), staff are not offered the
// admin-only ones, and the screens other tests do not picture are pictured at 1440 px.

/** Screens other browser tests already picture at 1440 px. */
const picturedElsewhere = new Set([
  'Dashboard',
  'Analytics',
  'Delivered',
  'Shiprocket',
  'Products',
  'Categories',
  'Banners',
  'Sales',
  'Coupons',
  'Customers',
  'Reviews',
  'Payments',
  'Company',
  'Return policy',
  'Audit log',
  'Team accounts',
  'Team passwords',
  'My password',
]);

const adminOnly = ['Sales', 'Coupons', 'Payments', 'Audit log', 'Team accounts', 'Team passwords'];

async function walk(page: import('@playwright/test').Page, testInfo: import('@playwright/test').TestInfo, pictures: boolean) {
  const nav = page.getByRole('navigation', { name: 'Back office' });
  await inView(nav.getByRole('link').first());
  const labels = (await nav.getByRole('link').allTextContents()).map((label) => label.trim());
  expect(labels.length).toBeGreaterThan(10);
  for (const label of labels) {
    await seen(nav.getByRole('link', { name: label, exact: true })).click();
    await expect(nav.getByRole('link', { name: label, exact: true }), `${label} is marked as the current screen`).toHaveAttribute('aria-current', 'page');
    const main = page.getByRole('main');
    await inView(main.getByRole('heading', { level: 1 }), { message: `${label} has a heading` });
    await expect(main).not.toContainText('No such screen');
    await expect(main, `${label} settles`).not.toContainText('Loading...', { timeout: 10_000 });
    await expect(main).not.toContainText(/could not be loaded/);
    if (pictures && !picturedElsewhere.has(label)) {
      await screenshot(page, testInfo, `admin-screen-${label.toLowerCase().replace(/[^a-z]+/g, '-')}`);
    }
  }
  return labels;
}

test('an admin opens every screen of the back office', { tag: '@desktop' }, async ({ page }, testInfo) => {
  test.setTimeout(90_000);
  await page.setViewportSize({ width: 1440, height: 900 });
  await openBackOffice(page);
  const labels = await walk(page, testInfo, true);
  for (const label of adminOnly) expect(labels).toContain(label);
  await page.goto('/admin/no-such-screen');
  await inView(page.getByRole('heading', { level: 1, name: 'No such screen' }));
});

test('staff open every screen offered to them, and none of the admin-only ones', { tag: '@desktop' }, async ({ page, request }, testInfo) => {
  test.setTimeout(90_000);
  await page.setViewportSize({ width: 1440, height: 900 });
  const token = await backOfficeToken(request);
  const staff = { email: `staff-walk-${Date.now()}@drape.local`, password: 'staff-walk-2026' };
  const created = await call<{ _id: string }>(request, 'POST', '/api/admin/register', token, { firstName: 'Asha', ...staff, role: 'staff' });
  try {
    await openBackOffice(page, { as: staff });
    const labels = await walk(page, testInfo, false);
    for (const label of adminOnly) expect(labels).not.toContain(label);
    // An admin-only address typed in is answered, not broken.
    await page.goto('/admin/audit');
    await inView(page.getByRole('heading', { level: 1, name: 'For admins only' }));
  } finally {
    await call(request, 'POST', `/api/admin/users/${created.data._id}/active`, token, { active: false });
  }
});
