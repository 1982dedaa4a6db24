import { expect, type Page, type TestInfo } from '@playwright/test';
import { test } from './fixtures';
import { backOfficeToken, call, inView, openBackOffice, screenshot, seen } from './stack';

// The company's details in the back office, against the whole running stack: a bad PIN code
// is refused beside its field with the input kept; a new tagline is saved and is what the
// storefront's /api/company says; the old one is put back.

test('an admin saves the company tagline and the storefront shows it', { tag: '@desktop' }, async ({ page, request }, testInfo) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  const storefront = async () => ((await (await request.get('/api/company')).json()) as { data: { tagline: string; zip: string } }).data;
  const before = await storefront();

  await openBackOffice(page);
  await seen(page.getByRole('navigation', { name: 'Back office' }).getByRole('link', { name: 'Company' })).click();
  const form = page.getByRole('form', { name: 'Company details' });
  await expect(form.getByLabel('Tagline')).toHaveValue(before.tagline);
  await screenshot(page, testInfo, 'admin-company');

  await seen(form.getByLabel('PIN code')).fill('56001');
  await seen(form.getByLabel('Tagline')).fill('Tailored in Jaipur since 1998');
  await seen(form.getByRole('button', { name: 'Save company details' })).click();
  await expect(form).toContainText('Zip must be a 6-digit PIN code');
  await expect(form.getByLabel('Tagline')).toHaveValue('Tailored in Jaipur since 1998');

  await seen(form.getByLabel('PIN code')).fill(before.zip);
  await seen(form.getByRole('button', { name: 'Save company details' })).click();
  await expect.poll(async () => (await storefront()).tagline).toBe('Tailored in Jaipur since 1998');

  await seen(form.getByLabel('Tagline')).fill(before.tagline);
  await seen(form.getByRole('button', { name: 'Save company details' })).click();
  await expect.poll(async () => (await storefront()).tagline).toBe(before.tagline);
});

// The GST settings: the demo shop is registered in Rajasthan with GSTIN 08AAACJ4321K1ZO. A GSTIN
// with a wrong check character is refused by the server, whose message appears at the field
// with the input kept; a valid one (with a new legal name) is saved, audited with before and
// after, and is what the form shows after a reload; the demo's settings are put back.
test('an admin changes the shop’s GSTIN: a wrong check character is refused, a valid one is kept', { tag: '@desktop' }, async ({ page, request }, testInfo) => {
  test.setTimeout(60_000);
  const storefront = async () => ((await (await request.get('/api/company')).json()) as { data: Company }).data;
  const before = await storefront();
  expect(before).toMatchObject({ gstRegistered: true, gstin: '08AAACJ4321K1ZO', state: 'Rajasthan', stateCode: '08' });
  // The demo's company is put back whatever happens: other tests' invoices name it.
  const token = await backOfficeToken(request);
  const saved = (await call<Record<string, unknown>>(request, 'GET', '/api/admin/getcompany', token)).data;
  try {
    await changeGstin(page, testInfo, before, token);
  } finally {
    await call(request, 'POST', '/api/admin/addcompany', token, saved);
  }
  expect(await storefront()).toMatchObject({ gstin: before.gstin, legalName: before.legalName });
});

type Company = { gstRegistered: boolean; gstin: string; legalName: string; invoicePrefix: string; state: string; stateCode: string };

async function changeGstin(page: Page, testInfo: TestInfo, before: Company, token: string) {
  const request = page.request;
  const storefront = async () => ((await (await request.get('/api/company')).json()) as { data: Company }).data;
  await openBackOffice(page, { at: '/admin/addcompany' });
  const form = page.getByRole('form', { name: 'Company details' });
  const gstin = form.getByLabel('GSTIN');
  const legalName = form.getByLabel('Legal name');
  const save = form.getByRole('button', { name: 'Save company details' });
  await inView(form.getByRole('heading', { name: 'GST and invoices' }));
  await expect(form.getByRole('switch', { name: 'Registered for GST' })).toBeChecked();
  await expect(gstin).toHaveValue(before.gstin);
  await expect(form.getByLabel('State')).toHaveValue('Rajasthan');
  await expect(form.getByLabel('State').locator('option:checked')).toHaveText('Rajasthan (08)');

  await seen(gstin).fill('08aaacj4321k1zp');
  await expect(gstin).toHaveValue('08AAACJ4321K1ZP');
  await seen(save).click();
  const badCheck = "This GSTIN's check character is wrong: check it for a typing mistake";
  await inView(form.locator('[data-invalid]').filter({ has: page.getByLabel('GSTIN', { exact: true }) }).getByText(badCheck));
  await expect(gstin).toHaveAccessibleDescription(badCheck);
  await expect(gstin).toBeFocused();
  await expect(gstin).toHaveValue('08AAACJ4321K1ZP');
  // The field is centred, as a person scrolls to read it, above and below it in the picture.
  await gstin.evaluate((field) => field.scrollIntoView({ block: 'center' }));
  await screenshot(page, testInfo, 'admin-company-gstin-refused', { fullPage: false });
  expect((await storefront()).gstin).toBe(before.gstin);

  await seen(gstin).fill('08AABCD1234E1Z8');
  await seen(legalName).fill('Jaipur Formals Test LLP');
  await seen(save).click();
  await expect.poll(async () => (await storefront()).gstin).toBe('08AABCD1234E1Z8');
  await page.reload();
  await inView(form.getByLabel('GSTIN'));
  await expect(form.getByLabel('GSTIN')).toHaveValue('08AABCD1234E1Z8');
  await expect(form.getByLabel('Legal name')).toHaveValue('Jaipur Formals Test LLP');
  await screenshot(page, testInfo, 'admin-company-gst', { fullPage: false });

  // The change is in the audit log, before and after.
  const audit = await call<{ items: { entityType: string; before: Company; after: Company }[] }>(
    request,
    'GET',
    '/api/admin/audit?entityType=company&limit=1',
    token,
  );
  expect(audit.data.items[0]).toMatchObject({ before: { gstin: before.gstin }, after: { gstin: '08AABCD1234E1Z8', legalName: 'Jaipur Formals Test LLP' } });

}
