import { expect, type Page } from '@playwright/test';
import { test } from './fixtures';
import { inView, screenshot, seen } from './stack';

// The first test reads the running shop's demo sale and categories. The second answers
// /api/getsale, /api/getcategory and the /api/ws socket inside the browser, so it can push a
// sale.changed event and watch the banner change without a reload.

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
      name: 'Men',
      subCategory: [
        { _id: '65a1f0c2b4d3e8a9c0f1a202', categoryType: 'Stretch Pant', image: '/uploads/subCatrgory/stretch.svg' },
        { _id: '65a1f0c2b4d3e8a9c0f1a203', categoryType: 'Flexiwaist Pant', image: '/uploads/subCatrgory/flexi.svg' },
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

test('the sale banner and the Shop menu show the running demo sale and categories', async ({ page }, testInfo) => {
  // The real shop: the demo's Festive Formals sale (20 % on Men's Formal Shirts and Formal Trousers).
  await page.goto('/');
  const banner = page.getByRole('complementary', { name: 'Sale' });
  await expect(banner).toContainText("drape's Festive Formals sale is live — flat 20% off on Formal Shirts, Formal Trousers");
  // The demo sale's collection is Men: the banner says so once ('in the Men collection', not '… for Men' too).
  await expect(banner).toContainText('in the Men collection');
  await expect(banner).not.toContainText('for Men');
  await screenshot(page, testInfo, 'live-sale-banner', { fullPage: false });

  const mobile = (page.viewportSize()?.width ?? 1280) < 640;
  if (mobile) {
    await seen(page.getByRole('button', { name: 'Open menu' })).click();
    const drawer = page.getByRole('navigation', { name: 'Mobile' });
    await expect(drawer.getByRole('link', { name: 'Formal Shirts' })).toHaveAttribute('href', '/products/Formal%20Shirts');
    await expect(drawer.getByRole('link', { name: 'Stretch Pant' })).toHaveAttribute('href', '/products/Stretch%20Pant');
  } else {
    const nav = page.getByRole('navigation', { name: 'Main' });
    await seen(nav.getByRole('button', { name: 'Shop' })).click();
    await expect(nav.getByRole('link', { name: 'Stretch Pant' })).toHaveAttribute('href', '/products/Stretch%20Pant');
    await expect(nav.getByRole('link', { name: 'Flexiwaist Pant' })).toHaveAttribute('href', '/products/Flexiwaist%20Pant');
  }
  await screenshot(page, testInfo, 'live-categories-menu', { fullPage: false });
});

test('a sale.changed event over the socket brings the banner in without a reload', { tag: '@desktop' }, async ({ page }) => {
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

  // The page arrives with no running sale in its head either (the server puts the real ones
  // there for the first render).
  await page.route(
    (url) => url.pathname === '/',
    async (route) => {
      const response = await route.fetch();
      const body = (await response.text()).replace(/<meta name="drape-sales" content="[^"]*">/, '<meta name="drape-sales" content="[]">');
      await route.fulfill({ response, body });
    },
  );
  await page.goto('/');
  await expect.poll(() => said).toEqual([
    { type: 'hello', token: '' },
    { type: 'subscribe', topics: ['sales', 'catalog'] },
  ]);
  await inView(page.getByRole('heading', { level: 1 }));
  await expect(page.getByRole('complementary', { name: 'Sale' })).toHaveCount(0);

  sales = [festiveSale];
  pushEvent({ id: 'evt-1', type: 'sale.changed', topic: 'sales', data: {}, at: new Date().toISOString() });
  await expect(page.getByRole('complementary', { name: 'Sale' })).toContainText('flat 20% off');
});

test('a stock.changed event refetches the listing on screen', { tag: '@phone' }, async ({ page }) => {
  let pushEvent: (frame: unknown) => void = () => {};
  await page.routeWebSocket('**/api/ws', (socket) => {
    pushEvent = (frame) => socket.send(JSON.stringify(frame));
    socket.onMessage((text) => {
      const message = JSON.parse(String(text));
      if (message.type === 'hello') socket.send(JSON.stringify({ type: 'welcome', user: null }));
      if (message.type === 'subscribe') {
        socket.send(JSON.stringify({ type: 'subscribed', topics: message.topics, denied: [] }));
      }
    });
  });
  let listingRequests = 0;
  page.on('request', (request) => {
    if (new URL(request.url()).pathname === '/api/getproduct') listingRequests += 1;
  });

  await page.goto('/products/Formal%20Shirts');
  await inView(page.getByRole('main').getByTestId('product-card').first());
  const before = listingRequests;
  pushEvent({ id: 'evt-2', type: 'stock.changed', topic: 'catalog', data: {}, at: new Date().toISOString() });
  await expect.poll(() => listingRequests).toBeGreaterThan(before);
});
