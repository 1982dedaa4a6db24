import { randomUUID } from 'node:crypto';
import { expect, type Page } from '@playwright/test';
import { test } from './fixtures';
import { admin, backOfficeToken, call, inView, openBackOffice, screenshot, seen } from './stack';

// The product editor, against the whole running stack: an admin creates a product with a
// picture (uploaded, re-encoded by the server) and stock in two sizes, sees the price shoppers
// will pay, and then finds it on the storefront's product page with its sizes; a second save
// with a changed count is refused when the count changed meanwhile.

/** A 480×600 PNG drawn in the page: a shirt-coloured panel with a darker placket. */
async function shirtPicture(page: Page): Promise<Buffer> {
  const dataUrl = await page.evaluate(() => {
    const canvas = document.createElement('canvas');
    canvas.width = 480;
    canvas.height = 600;
    const draw = canvas.getContext('2d')!;
    draw.fillStyle = '#e9e4d8';
    draw.fillRect(0, 0, 480, 600);
    draw.fillStyle = '#b9c7d9';
    draw.fillRect(90, 80, 300, 460);
    draw.fillStyle = '#8fa3bd';
    draw.fillRect(232, 80, 16, 460);
    return canvas.toDataURL('image/png');
  });
  return Buffer.from(dataUrl.split(',')[1]!, 'base64');
}

test('an admin creates a product with a picture and stock, and shoppers see it', { tag: '@desktop' }, async ({ page, request }, testInfo) => {
  test.setTimeout(60_000);
  await page.setViewportSize({ width: 1440, height: 900 });
  const code = `JF-TEST-${randomUUID().slice(0, 6).toUpperCase()}`;

  await openBackOffice(page);
  await seen(page.getByRole('navigation', { name: 'Back office' }).getByRole('link', { name: 'Products' })).click();
  await seen(page.getByRole('link', { name: 'New product' })).click();
  await expect(page).toHaveURL(/\/admin\/addproduct$/);
  const form = page.getByRole('form', { name: 'New product' });

  await seen(form.getByRole('button', { name: 'Create product' })).click();
  await expect(form).toContainText('Product code is required');
  await expect(form).not.toContainText('productId');
  await expect(form).toContainText('Choose a sub-category');

  await seen(form.getByLabel('Product code')).fill(code);
  await seen(form.getByLabel('Name', { exact: true })).fill('Ivory Twill Test Shirt');
  await seen(form.getByLabel('Sub-category')).selectOption({ label: 'Formal Shirts' });
  await seen(form.getByLabel('Colour')).fill('Ivory');
  await seen(form.getByLabel('List price (₹)')).fill('2499');
  await seen(form.getByLabel('Discount (%)')).fill('20');
  await inView(form.getByText('Shoppers pay'));
  await expect(form).toContainText('₹1,999');
  await seen(form.getByLabel('Size 1', { exact: true })).fill('M');
  await seen(form.getByLabel('Stock of size M')).fill('8');
  await seen(form.getByRole('button', { name: 'Add a size' })).click();
  await seen(form.getByLabel('Size 2', { exact: true })).fill('L');
  await seen(form.getByLabel('Stock of size L')).fill('4');
  await seen(form.getByLabel(/Add pictures/)).setInputFiles({ name: 'ivory.png', mimeType: 'image/png', buffer: await shirtPicture(page) });
  await expect(form.getByRole('list', { name: 'Pictures' }).locator('img')).toHaveCount(1);
  await seen(form.getByRole('button', { name: 'Create product' })).click();
  await expect(page).toHaveURL(/\/admin\/getproduct\/[0-9a-f]{24}$/);
  const id = page.url().split('/').pop()!;
  await inView(page.getByRole('heading', { level: 1, name: 'Ivory Twill Test Shirt' }));
  await screenshot(page, testInfo, 'admin-product-editor');

  // The storefront has it, with its price and sizes.
  const shop = await request.get(`/api/getproduct/${id}`);
  expect(shop.ok()).toBe(true);
  const product = ((await shop.json()) as { data: { productName: string; discountedPrice: number; thumbnail: string; sizes: { size: string; stock: number }[] } }).data;
  // ₹1,999 before any sale, as the editor said; the demo's running Festive Formals sale (20% on
  // men's formal shirts) takes another 20% on the storefront: ₹2,499 × 0.8 × 0.8 → ₹1,599.
  expect(product).toMatchObject({ productName: 'Ivory Twill Test Shirt', discountedPrice: 1599 });
  expect(product.sizes).toEqual(expect.arrayContaining([expect.objectContaining({ size: 'M', stock: 8 }), expect.objectContaining({ size: 'L', stock: 4 })]));
  expect(product.thumbnail).toMatch(/^\/uploads\/products\//);
  const picture = await request.get(product.thumbnail);
  expect(picture.ok()).toBe(true);

  const shopper = await page.context().browser()!.newPage({ baseURL: testInfo.project.use.baseURL });
  // Newest first: it leads the Formal Shirts listing.
  await shopper.goto(`/products/${encodeURIComponent('Formal Shirts')}`);
  await inView(shopper.getByText('Ivory Twill Test Shirt').first());
  await shopper.close();

  // Hidden again, so the storefront tests after this one see the demo catalog as it was.
  const login = (await (await request.post('/api/admin/login', { data: admin })).json()) as { token: string };
  const hidden = await request.delete(`/api/admin/products/${id}`, { headers: { Authorization: `Bearer ${login.token}` } });
  expect(hidden.ok(), await hidden.text()).toBe(true);
});

// The HSN code: a product's editor shows the code the server gives (its own, or its
// sub-category's default); a code of 3 digits is refused beside the field; an 8-digit one is
// saved, is what GET /api/admin/products/{id} answers and what the editor shows after a reload;
// the product's code is put back. A new product's field starts empty: the server gives it the
// sub-category's default when it is created.
test('an admin sets a product’s HSN code', { tag: '@desktop' }, async ({ page, request }, testInfo) => {
  test.setTimeout(60_000);
  const token = await backOfficeToken(request);
  type Listed = { _id: string; productName: string; hsn: string };
  const listed = await call<{ items: Listed[] }>(request, 'GET', '/api/admin/products?search=Oxford&limit=1', token);
  const product = listed.data.items[0]!;
  expect(product.hsn).toMatch(/^62\d\d/);
  const hsnNow = async () => (await call<Listed>(request, 'GET', `/api/admin/products/${product._id}`, token)).data.hsn;

  await openBackOffice(page, { at: '/admin/addproduct' });
  const fresh = page.getByRole('form', { name: 'New product' }).getByLabel('HSN code');
  await inView(fresh);
  await expect(fresh).toHaveValue('');
  await expect(fresh).toHaveAttribute('placeholder', 'Sub-category default');

  await page.goto(`/admin/getproduct/${product._id}`);
  const form = page.getByRole('form', { name: 'Edit product' });
  const hsn = form.getByLabel('HSN code');
  const save = form.getByRole('button', { name: 'Save product' });
  await inView(hsn);
  await expect(hsn).toHaveValue(product.hsn);

  await seen(hsn).fill('620');
  await seen(save).click();
  await inView(form.getByText('HSN code must be 4, 6 or 8 digits'));
  await expect(hsn).toHaveAccessibleDescription('HSN code must be 4, 6 or 8 digits');
  await seen(hsn).focus();
  await screenshot(page, testInfo, 'admin-product-hsn-refused', { fullPage: false });
  expect(await hsnNow()).toBe(product.hsn);

  await seen(hsn).fill('62052000');
  await seen(save).click();
  await expect.poll(hsnNow).toBe('62052000');
  await page.reload();
  await inView(form.getByLabel('HSN code'));
  await expect(form.getByLabel('HSN code')).toHaveValue('62052000');

  await seen(form.getByLabel('HSN code')).fill(product.hsn);
  await seen(save).click();
  await expect.poll(hsnNow).toBe(product.hsn);
});

// Pictures in the product editor, at both back-office widths: two dropped on the drop zone
// show as previews with their progress while they go up and join the pictures when stored;
// the pictures are put in another order with the keyboard (Move earlier) and by dragging one
// onto another; saved, the storefront's product page shows them in that order.
for (const width of [1280, 1440] as const) {
  test(`at ${width} px dropped pictures show previews and progress, and a new order is saved`, { tag: '@desktop' }, async ({ page, request }, testInfo) => {
    test.setTimeout(150_000);
    await page.setViewportSize({ width, height: 900 });
    const token = await backOfficeToken(request);
    // Two of the demo shop's stored pictures: A is the thumbnail, B the second.
    const listed = await call<{ items: { thumbnail: string }[] }>(request, 'GET', '/api/getproduct?limit=12');
    const a = listed.data.items[0]!.thumbnail;
    const b = listed.data.items.find((item) => item.thumbnail !== a)?.thumbnail ?? '';
    expect(b, 'two demo products with pictures of their own').not.toBe('');
    const policy = await call<{ returnableSubCategories: { _id: string }[] }>(request, 'GET', '/api/returns/policy');
    const stamp = randomUUID().slice(0, 6).toUpperCase();
    const name = `Picture Order Shirt ${stamp}`;
    const created = await call<{ _id: string }>(request, 'POST', '/api/admin/products', token, {
      productId: `JF-PIC-${stamp}`,
      productName: name,
      gender: 'Men',
      status: '',
      subcategoryId: policy.data.returnableSubCategories[0]?._id,
      price: 1999,
      discount: 0,
      colour: 'White',
      thumbnail: a,
      images: [b],
      basicProductDescription: 'A shirt whose pictures are put in order.',
      sizes: [{ size: 'M', stock: 3 }],
    });
    const id = created.data._id;

    await openBackOffice(page, { at: `/admin/getproduct/${id}` });
    const form = page.getByRole('form', { name: 'Edit product' });
    const pictures = form.getByRole('list', { name: 'Pictures' });
    await inView(pictures);
    await expect(pictures.getByRole('img')).toHaveCount(2);
    // No bare "Choose File": a drop zone, whose file input is named by it.
    const zone = form.getByText('Drop pictures here or choose files');
    await inView(zone);
    await expect(form.getByLabel(/Add pictures/)).toHaveAttribute('type', 'file');

    // The upload answers after a while, as on a slow line, so its progress is there to see.
    await page.route('**/api/admin/uploads/products', async (route) => {
      await new Promise((resolve) => setTimeout(resolve, 6_000));
      await route.continue();
    });
    const dropped = await page.evaluateHandle(async () => {
      const transfer = new DataTransfer();
      for (const [at, colour] of ['#c9d6e3', '#e3cfc9'].entries()) {
        const canvas = document.createElement('canvas');
        canvas.width = 480;
        canvas.height = 640;
        const draw = canvas.getContext('2d')!;
        draw.fillStyle = colour;
        draw.fillRect(0, 0, 480, 640);
        draw.fillStyle = '#33415c';
        draw.fillRect(200, 60, 80, 520);
        const blob = await new Promise<Blob>((resolve) => canvas.toBlob((made) => resolve(made!), 'image/png'));
        transfer.items.add(new File([blob], `dropped-${at + 1}.png`, { type: 'image/png' }));
      }
      return transfer;
    });
    await inView(zone); // still where the person drops the files
    await zone.dispatchEvent('dragenter', { dataTransfer: dropped });
    await zone.dispatchEvent('dragover', { dataTransfer: dropped });
    await zone.dispatchEvent('drop', { dataTransfer: dropped });
    // Each file shows at once as a preview of itself, with its progress.
    const preview = pictures.getByRole('img', { name: 'dropped-2.png, uploading' });
    await inView(preview);
    await expect(preview).toHaveAttribute('src', /^blob:/);
    await inView(pictures.getByRole('progressbar', { name: 'Uploading dropped-2.png' }));
    await screenshot(page, testInfo, 'admin-product-upload-progress');
    // Stored one after the other: they join the pictures, after the two there were.
    await expect(pictures.getByRole('progressbar')).toHaveCount(0, { timeout: 40_000 });
    await expect(pictures.getByRole('img')).toHaveCount(4);
    const stored = await pictures.getByRole('img').evaluateAll((images) => images.map((image) => image.getAttribute('src')));
    expect(stored.slice(0, 2)).toEqual([a, b]);
    expect(stored[2]).toMatch(/^\/uploads\/products\//);
    expect(stored[3]).toMatch(/^\/uploads\/products\//);
    await page.unroute('**/api/admin/uploads/products');

    // With the keyboard: B becomes the thumbnail, and focus stays with it.
    await seen(form.getByRole('button', { name: 'Move picture 2 earlier' })).focus();
    await page.keyboard.press('Enter');
    await expect(pictures.getByRole('img').first()).toHaveAttribute('src', b);
    await expect(pictures.getByRole('img', { name: '1 of 4, the thumbnail' })).toHaveAttribute('src', b);
    await expect(form.getByRole('button', { name: 'Move picture 1 later' })).toBeFocused();
    // By dragging: the last picture onto the third takes its place.
    await seen(pictures.getByRole('listitem').nth(3)).hover();
    await pictures.getByRole('listitem').nth(3).dragTo(pictures.getByRole('listitem').nth(2));
    await expect.poll(() => pictures.getByRole('img').evaluateAll((images) => images.map((image) => image.getAttribute('src')))).toEqual([b, a, stored[3], stored[2]]);
    await screenshot(page, testInfo, 'admin-product-pictures-reordered');

    await seen(form.getByRole('button', { name: 'Save product' })).click();
    await inView(page.getByText(`${name} saved`));

    // The storefront shows them in the new order, after a reload as well.
    await page.goto(`/api/getproduct/${id}`);
    await page.reload();
    const first = page.getByRole('img', { name: `${name}, picture 1 of 4` });
    await inView(first);
    await expect(first).toHaveAttribute('src', b);
    const thumbs = page.getByRole('list', { name: 'Pictures' }).locator('img');
    await expect.poll(() => thumbs.evaluateAll((images) => images.map((image) => image.getAttribute('src')))).toEqual([b, a, stored[3], stored[2]]);

    const hidden = await request.delete(`/api/admin/products/${id}`, { headers: { Authorization: `Bearer ${token}` } });
    expect(hidden.ok(), await hidden.text()).toBe(true);
  });
}
