import { expect } from '@playwright/test';
import { test } from './fixtures';
import { admin, inView, openBackOffice, screenshot, seen } from './stack';

// The shop's pages in the back office, against the whole running stack: an admin rewrites the
// return policy in the editor (a heading and bold text); the storefront's /returnpolicydetails
// shows it as written; markup typed as text stays text. The page is put back afterwards.

test('an admin rewrites the return policy and shoppers read it', { tag: '@desktop' }, async ({ page, request }, testInfo) => {
  test.setTimeout(60_000);
  await page.setViewportSize({ width: 1440, height: 900 });
  const original = ((await (await request.get('/api/getcms?type=privacy')).json()) as { data: { title: string; description: string } }).data;
  const login = (await (await request.post('/api/admin/login', { data: admin })).json()) as { token: string };

  try {
    await openBackOffice(page);
    await seen(page.getByRole('navigation', { name: 'Back office' }).getByRole('link', { name: 'Return policy' })).click();
    const form = page.getByRole('form', { name: 'Edit Return policy' });
    await expect(form.getByLabel('Title')).toHaveValue(original.title);

    const text = form.getByRole('textbox', { name: 'Text' });
    await seen(text).click();
    await page.keyboard.press('ControlOrMeta+a');
    await page.keyboard.press('Delete');
    await seen(form.getByRole('button', { name: 'Save page' })).click();
    await expect(form).toContainText('Write the page before saving it');

    await seen(text).click();
    await seen(form.getByRole('button', { name: 'Heading', exact: true })).click();
    await page.keyboard.type('Easy returns');
    await page.keyboard.press('Enter');
    await seen(form.getByRole('button', { name: 'Paragraph' })).click();
    await page.keyboard.type('Return within ');
    await seen(form.getByRole('button', { name: 'Bold' })).click();
    await page.keyboard.type('15 days');
    await seen(form.getByRole('button', { name: 'Bold' })).click();
    await page.keyboard.type(' of delivery. <script>alert(1)</script>');
    await seen(form.getByLabel('Title')).fill('Returns and exchanges');
    await seen(form.getByRole('button', { name: 'Save page' })).click();
    await inView(page.getByText('Return policy saved'));
    await screenshot(page, testInfo, 'admin-return-policy');

    await page.goto('/returnpolicydetails');
    await inView(page.getByRole('heading', { name: 'Easy returns' }));
    await inView(page.locator('strong, b').filter({ hasText: '15 days' }));
    await inView(page.getByText('<script>alert(1)</script>', { exact: false }));
  } finally {
    const restored = await request.put('/api/admin/cms/privacy', {
      headers: { Authorization: `Bearer ${login.token}` },
      data: { title: original.title, description: original.description },
    });
    expect(restored.ok()).toBe(true);
  }
});
