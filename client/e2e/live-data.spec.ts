import { expect, test, type Page } from '@playwright/test';

// These tests answer /api/getsale, /api/getcategory and the /api/ws socket inside the browser,
// so they check how the storefront renders live data whatever the server has stored.

const festiveSale = {
  saleName: 'Festive',
  discount: 20,
  subCategories: [{ categoryType: 'Stretch Pant' }, { categoryType: 'Flexiwaist Pant' }],
  categoryData: { categoryType: 'Trousers' },
  gender: 'Men',
};

const categories = {
  items: [
    {
      _id: '65a1f0c2b4d3e8a9c0f1a201',
      subCategory: [
        { _id: '65a1f0c2b4d3e8a9c0f1a202', categoryType: 'Stretch Pant', image: 'stretch.jpg' },
        { _id: '65a1f0c2b4d3e8a9c0f1a203', categoryType: 'Flexiwaist Pant', image: 'flexi.jpg' },
        { _id: '65a1f0c2b4d3e8a9c0f1a204', categoryType: 'Formal Shirt', image: 'shirt.jpg' },
      ],
    },
  ],
};

function envelope(data: unknown) {
  return { code: 200, success: true, message: 'OK', data };
}

async function answerApi(page: Page, sales: () => unknown[]) {
  await page.route('**/api/getsale', (route) => route.fulfill({ json: envelope(sales()) }));
  await page.route('**/api/getcategory', (route) => route.fulfill({ json: envelope(categories) }));
}

test('the sale banner and the Shop menu show what the API returns', async ({ page }, testInfo) => {
  await answerApi(page, () => [festiveSale]);
  await page.goto('/');
  await expect(page.getByRole('complementary', { name: 'Sale' })).toContainText(
    "drape's Festive sale is live — flat 20% off on Stretch Pant, Flexiwaist Pant in the Trousers collection for Men",
  );
  await page.evaluate(() => document.fonts.ready);
  const path = `test-results/screenshots/live-sale-banner-${page.viewportSize()?.width}.png`;
  await page.screenshot({ path, animations: 'disabled' });
  await testInfo.attach('live-sale-banner', { path, contentType: 'image/png' });

  const mobile = (page.viewportSize()?.width ?? 1280) < 640;
  if (mobile) {
    await page.getByRole('button', { name: 'Open menu' }).click();
    const drawer = page.getByRole('navigation', { name: 'Mobile' });
    await expect(drawer.getByRole('link', { name: 'Formal Shirt' })).toHaveAttribute('href', '/products/Formal%20Shirt');
  } else {
    const nav = page.getByRole('navigation', { name: 'Main' });
    await nav.getByRole('button', { name: 'Shop' }).click();
    await expect(nav.getByRole('link', { name: 'Stretch Pant' })).toHaveAttribute('href', '/products/Stretch%20Pant');
  }
  const menuPath = `test-results/screenshots/live-categories-menu-${page.viewportSize()?.width}.png`;
  await page.screenshot({ path: menuPath, animations: 'disabled' });
  await testInfo.attach('live-categories-menu', { path: menuPath, contentType: 'image/png' });
});

test('a sale.changed event over the socket brings the banner in without a reload', async ({ page }) => {
  let sales: unknown[] = [];
  await answerApi(page, () => sales);
  let pushEvent: (frame: unknown) => void = () => {};
  const said: unknown[] = [];
  await page.routeWebSocket('**/api/ws', (socket) => {
    pushEvent = (frame) => socket.send(JSON.stringify(frame));
    socket.onMessage((text) => {
      const message = JSON.parse(String(text));
      said.push(message);
      if (message.type === 'hello') socket.send(JSON.stringify({ type: 'welcome', user: null }));
      if (message.type === 'subscribe') {
        socket.send(JSON.stringify({ type: 'subscribed', topics: message.topics, denied: [] }));
      }
    });
  });

  await page.goto('/');
  await expect.poll(() => said).toEqual([
    { type: 'hello', token: '' },
    { type: 'subscribe', topics: ['sales', 'catalog'] },
  ]);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(page.getByRole('complementary', { name: 'Sale' })).toHaveCount(0);

  sales = [festiveSale];
  pushEvent({ id: 'evt-1', type: 'sale.changed', topic: 'sales', data: {}, at: new Date().toISOString() });
  await expect(page.getByRole('complementary', { name: 'Sale' })).toContainText('flat 20% off');
});
