import { randomUUID } from 'node:crypto';
import { expect, type Browser, type Page } from '@playwright/test';
import { test } from './fixtures';
import { inView, openBackOffice, screenshot, seen } from './stack';

// Categories and banners in the back office, against the whole running stack: an admin adds a
// sub-category with a picture and shoppers find it in the Shop menu and at /products/{name};
// a sub-category still holding products cannot be deleted (the server says why); an admin
// puts a new home hero up and a shopper sees it on /; bad input is refused field by field.
// Everything made here is deleted again, and the demo's own hero switched back on.

/** A w×h PNG drawn in the page: a cloth-coloured ground with a band of colour across it. */
async function picture(page: Page, w: number, h: number, ground: string, band: string): Promise<Buffer> {
  const dataUrl = await page.evaluate(
    ([width, height, groundColour, bandColour]) => {
      const canvas = document.createElement('canvas');
      canvas.width = width;
      canvas.height = height;
      const draw = canvas.getContext('2d')!;
      draw.fillStyle = groundColour;
      draw.fillRect(0, 0, width, height);
      draw.fillStyle = bandColour;
      draw.fillRect(0, height * 0.55, width, height * 0.18);
      draw.fillRect(width * 0.46, 0, width * 0.08, height);
      return canvas.toDataURL('image/png');
    },
    [w, h, ground, band] as const,
  );
  return Buffer.from(dataUrl.split(',')[1]!, 'base64');
}

async function signIn(page: Page, screen: string) {
  await openBackOffice(page);
  await seen(page.getByRole('navigation', { name: 'Back office' }).getByRole('link', { name: screen })).click();
  await inView(page.getByRole('heading', { level: 1, name: screen }));
  await expect(page.getByText('Loading...')).toHaveCount(0);
}

async function shopper(browser: Browser, width: number, height: number) {
  const context = await browser.newContext({ viewport: { width, height } });
  return { context, page: await context.newPage() };
}

test('an admin adds a sub-category with a picture and shoppers find it', { tag: '@desktop' }, async ({ page, browser }, testInfo) => {
  test.setTimeout(90_000);
  await page.setViewportSize({ width: 1440, height: 900 });
  const name = `Linen Blazers ${randomUUID().slice(0, 4)}`;
  await signIn(page, 'Categories');

  const men = page.getByRole('region', { name: 'Men', exact: true });
  await seen(men.getByRole('button', { name: 'Add sub-category' })).click();
  const form = page.getByRole('form', { name: 'New sub-category' });
  await seen(form.getByRole('button', { name: 'Add sub-category' })).click();
  await expect(form).toContainText('Name the sub-category');
  await expect(form.getByLabel('Name')).toBeFocused();
  await seen(form.getByLabel('Name')).fill('formal shirts');
  await seen(form.getByRole('button', { name: 'Add sub-category' })).click();
  await expect(form).toContainText('A sub-category named formal shirts already exists');

  await seen(form.getByLabel('Name')).fill(name);
  await seen(form.getByLabel('Position')).fill('90');
  await seen(form.getByLabel('Picture (optional)')).setInputFiles({ name: 'linen.png', mimeType: 'image/png', buffer: await picture(page, 480, 600, '#e7dfcf', '#9a8a6a') });
  await inView(form.locator('img[src^="/uploads/subCatrgory/"]'));
  await seen(form.getByRole('button', { name: 'Add sub-category' })).click();
  await expect(form).toBeHidden();
  const row = men.getByRole('row', { name: new RegExp(name) });
  await expect(row).toContainText('No products');
  await expect(row.locator('img')).toHaveAttribute('src', /^\/uploads\/subCatrgory\//);
  await screenshot(page, testInfo, 'admin-categories');

  // A shopper finds it in the Shop menu and on its listing, with its picture as the banner.
  const guest = await shopper(browser, 1280, 900);
  await guest.page.goto('/');
  const nav = guest.page.getByRole('navigation', { name: 'Main' });
  await seen(nav.getByRole('button', { name: 'Shop' })).click();
  await seen(nav.getByRole('list', { name: 'Shop categories' }).getByRole('link', { name })).click();
  await inView(guest.page.getByRole('heading', { level: 1, name }));
  await expect(guest.page.getByTestId('listing-banner').locator('img')).toHaveAttribute('src', /^\/uploads\/subCatrgory\//);
  await inView(guest.page.getByText('No products found'));
  await guest.context.close();

  // A sub-category still holding products is kept, and the server says why.
  const shirts = men.getByRole('row', { name: /Formal Shirts/ });
  await seen(shirts.getByRole('button', { name: 'Delete Formal Shirts' })).click();
  const refuse = page.getByRole('dialog', { name: 'Delete Formal Shirts?' });
  await seen(refuse.getByRole('button', { name: 'Delete Formal Shirts' })).click();
  await expect(refuse.getByRole('alert')).toContainText(/still has \d+ products/);
  await seen(refuse.getByRole('button', { name: 'Cancel' })).click();
  await inView(shirts);

  // Leave the shop as found.
  await seen(row.getByRole('button', { name: `Delete ${name}` })).click();
  await seen(page.getByRole('dialog', { name: `Delete ${name}?` }).getByRole('button', { name: `Delete ${name}` })).click();
  await expect(row).toHaveCount(0);
});

test('an admin puts up a new home hero and shoppers see it', { tag: '@desktop' }, async ({ page, browser }, testInfo) => {
  test.setTimeout(90_000);
  await page.setViewportSize({ width: 1440, height: 900 });
  const title = `Linen for the *monsoon* ${randomUUID().slice(0, 4)}`;
  const plain = title.replace(/\*/g, '');
  await signIn(page, 'Banners');
  const home = page.getByRole('region', { name: 'Home page hero' });

  // The demo's hero (if any is showing) steps aside for the new one, and comes back at the end.
  const showing = home.getByTestId('banner-row').filter({ hasText: 'Showing now' });
  const before = (await showing.count()) > 0 ? ((await showing.locator('p').first().textContent()) ?? '') : '';
  if (before) {
    await seen(showing.getByRole('button', { name: /^Switch .* off$/ })).click();
    await expect(home.getByText('Showing now')).toHaveCount(0);
  }

  await seen(home.getByRole('button', { name: 'New banner' })).click();
  const form = page.getByRole('form', { name: 'New banner: Home page hero' });
  await seen(form.getByLabel('Button words')).fill('Shop linen');
  await seen(form.getByLabel('Button goes to')).fill('javascript:alert(1)');
  await seen(form.getByRole('button', { name: 'Add banner' })).click();
  await expect(form).toContainText('Give the banner a title');
  await expect(form).toContainText('The link must be a shop path such as /shop, or an http(s) address');
  await expect(form).toContainText('Upload a desktop image');

  await seen(form.getByLabel('Title', { exact: true })).fill(title);
  await seen(form.getByLabel('Line below the title')).fill('Cool cloth for warm days, cut and finished in Jaipur.');
  await seen(form.getByLabel('Button goes to')).fill('/shop');
  await seen(form.getByLabel('Desktop picture')).setInputFiles({ name: 'hero.png', mimeType: 'image/png', buffer: await picture(page, 900, 1200, '#dfe6e2', '#5d7a6e') });
  await seen(form.getByLabel('Phone picture (optional)')).setInputFiles({ name: 'hero-phone.png', mimeType: 'image/png', buffer: await picture(page, 1200, 900, '#dfe6e2', '#5d7a6e') });
  await expect(form.locator('img[src^="/uploads/banners/"]')).toHaveCount(2);
  await seen(form.getByRole('button', { name: 'Add banner' })).click();
  await expect(form).toBeHidden();
  const row = home.getByTestId('banner-row').filter({ hasText: plain });
  await expect(row).toContainText('Showing now');
  await screenshot(page, testInfo, 'admin-banners');

  for (const [width, height] of [
    [1280, 900],
    [390, 844],
  ] as const) {
    const guest = await shopper(browser, width, height);
    await guest.page.goto('/');
    const hero = guest.page.getByTestId('home-hero');
    await expect(guest.page.getByRole('heading', { level: 1 })).toHaveText(plain);
    await expect(hero.locator('h1 em')).toHaveText('monsoon');
    await expect(hero.getByRole('link', { name: 'Shop linen' })).toHaveAttribute('href', '/shop');
    await expect(hero.locator('img')).toHaveAttribute('src', /^\/uploads\/banners\//);
    await expect.poll(() => hero.locator('img').evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBeGreaterThan(0);
    await screenshot(guest.page, testInfo, 'home-banner');
    await guest.context.close();
  }

  // Leave the shop as found.
  await seen(row.getByRole('button', { name: `Delete ${plain}` })).click();
  await seen(page.getByRole('dialog', { name: `Delete ${plain}?` }).getByRole('button', { name: 'Delete banner' })).click();
  await expect(row).toHaveCount(0);
  if (before) {
    await seen(home.getByTestId('banner-row').filter({ hasText: before }).getByRole('button', { name: /^Switch .* on$/ })).click();
    await expect(home.getByText('Showing now')).toHaveCount(1);
  }
});
