import { randomUUID } from 'node:crypto';
import { expect } from '@playwright/test';
import { test } from './fixtures';
import { inView, openBackOffice, screenshot, seen } from './stack';

// The back office's people, against the whole running stack: a shopper signs up; an admin
// finds them by e-mail in /admin/users, deactivates the account (the shopper can no longer
// sign in) and reactivates it (they can again).

/** A made-up client address: the browser-test stack trusts the header, so sign-ups do not all
 * count against one address's limit. */
function someAddress(): Record<string, string> {
  const part = () => Math.floor(Math.random() * 250) + 1;
  return { 'X-Forwarded-For': `10.${part()}.${part()}.${part()}` };
}

test('an admin deactivates a shopper, who can no longer sign in, and reactivates them', { tag: '@desktop' }, async ({ page, request }, testInfo) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  const email = `nila.${randomUUID().slice(0, 8)}@example.in`;
  const password = 'tailored-2026';
  const registered = await request.post('/api/register', { data: { firstName: 'Nila', lastName: 'Menon', email, password }, headers: someAddress() });
  expect(registered.ok(), await registered.text()).toBe(true);
  const signIn = () => request.post('/api/login', { data: { email, password }, headers: someAddress() });

  await openBackOffice(page);
  await seen(page.getByRole('navigation', { name: 'Back office' }).getByRole('link', { name: 'Customers' })).click();
  await inView(page.getByRole('heading', { level: 1, name: 'Customers' }));
  const people = page.getByRole('table', { name: 'People' });
  await expect(people).not.toContainText('Loading...');

  await seen(page.getByLabel('Search')).fill(email);
  await seen(page.getByRole('button', { name: 'Search' })).click();
  await expect(page).toHaveURL(new RegExp(`q=${encodeURIComponent(email).replace(/\./g, '\\.')}`));
  const row = people.getByRole('row', { name: /Nila Menon/ });
  await expect(row).toContainText(email);
  await expect(row.getByRole('cell').nth(3)).toHaveText('0');
  await expect(row).toContainText('Active');
  await screenshot(page, testInfo, 'admin-customers');

  await seen(row.getByRole('button', { name: 'Deactivate' })).click();
  const dialog = page.getByRole('dialog', { name: 'Deactivate Nila Menon?' });
  await expect(dialog).toContainText('signed out everywhere');
  await seen(dialog.getByRole('button', { name: 'Deactivate' })).click();
  await expect(row).toContainText('Deactivated');
  expect((await signIn()).ok()).toBe(false);

  await seen(row.getByRole('button', { name: 'Reactivate' })).click();
  await seen(page.getByRole('dialog', { name: 'Reactivate Nila Menon?' }).getByRole('button', { name: 'Reactivate' })).click();
  await expect(row.getByRole('cell').nth(5)).toHaveText('Active');
  expect((await signIn()).ok()).toBe(true);

  // Nobody matches a made-up search.
  await seen(page.getByLabel('Search')).fill('no-such-person-anywhere');
  await seen(page.getByRole('button', { name: 'Search' })).click();
  await expect(people).toContainText('No people match these filters.');
});

test('an admin turns cash on delivery off for a shopper, with a note, and back to the limit', { tag: '@desktop' }, async ({ page, request }, testInfo) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  const email = `ravi.${randomUUID().slice(0, 8)}@example.in`;
  const registered = await request.post('/api/register', {
    data: { firstName: 'Ravi', lastName: 'Shekhawat', email, password: 'tailored-2026' },
    headers: someAddress(),
  });
  expect(registered.ok(), await registered.text()).toBe(true);

  await openBackOffice(page, { at: `/admin/users?q=${encodeURIComponent(email)}` });
  const row = page.getByRole('table', { name: 'People' }).getByRole('row', { name: /Ravi Shekhawat/ });
  await seen(row.getByRole('button', { name: 'Cash on delivery for Ravi Shekhawat' })).click();
  const dialog = page.getByRole('dialog', { name: 'Cash on delivery for Ravi Shekhawat' });
  await inView(dialog.getByTestId('cod-standing'));
  await expect(dialog.getByTestId('cod-standing')).toContainText('0 orders returned to origin');
  await expect(dialog.getByTestId('cod-standing')).toContainText('Cash on delivery is offered.');

  await seen(dialog.getByLabel('Never allow cash on delivery')).check();
  await seen(dialog.getByLabel('Note')).fill('Refused two parcels in October; prepaid only from now.');
  await seen(dialog.getByRole('button', { name: 'Save rule' })).click();
  await inView(dialog.getByText('Saved. Checkout follows it from the next order.'));
  await expect(dialog.getByTestId('cod-standing')).toContainText('Cash on delivery is not offered. An admin has turned it off.');
  await screenshot(page, testInfo, 'admin-customer-cod');

  // Opened again, the dialog shows the rule and note kept.
  await seen(dialog.getByRole('button', { name: 'Done' })).click();
  await seen(row.getByRole('button', { name: 'Cash on delivery for Ravi Shekhawat' })).click();
  await expect(dialog.getByLabel('Never allow cash on delivery')).toBeChecked();
  await expect(dialog.getByLabel('Note')).toHaveValue('Refused two parcels in October; prepaid only from now.');

  await seen(dialog.getByLabel('Follow the shop’s limit')).check();
  await seen(dialog.getByRole('button', { name: 'Save rule' })).click();
  await expect(dialog.getByTestId('cod-standing')).toContainText('Cash on delivery is offered.');
});
