import { expect, test, type Page, type TestInfo } from '@playwright/test';
import { openBackOffice, seen } from './stack';

// The company's details in the back office, against the whole running stack: a bad PIN code
// is refused beside its field with the input kept; a new tagline is saved and is what the
// storefront's /api/company says; the old one is put back.

async function screenshot(page: Page, testInfo: TestInfo, name: string) {
  await page.evaluate(() => document.fonts.ready);
  await page.evaluate(() => window.scrollTo({ top: 0, behavior: 'instant' }));
  const width = page.viewportSize()?.width ?? 0;
  const path = `test-results/screenshots/${name}-${width}.png`;
  await page.screenshot({ path, fullPage: true, animations: 'disabled' });
  await testInfo.attach(`${name}-${width}`, { path, contentType: 'image/png' });
}

test('an admin saves the company tagline and the storefront shows it', async ({ page, request }, testInfo) => {
  test.skip(!testInfo.project.name.startsWith('desktop'), 'the back office is checked at desktop width');
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
