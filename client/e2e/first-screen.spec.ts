// The first screen the server draws (server/firstscreen.go: the home page, a sub-category listing,
// a product page, a guest's empty cart) is the app's page as a shopper first sees it: every element
// of it sits where the app then puts the same element, with the same words, so nothing jumps when
// the app takes over. A change to a component that the server's copy does not follow fails here.
import { expect, type Page } from '@playwright/test';
import { test } from './fixtures';
import { appStarted } from './stack';

/** Each element with a class in the window, under `root`: class, position, width and own words (heights of boxes
 * differ: the server draws only the first screen). */
async function visibleLayout(page: Page, root: string): Promise<string[]> {
  // Every font the page declares, loaded: fonts.ready alone, taken just after the server's
  // screen lets the shop's fonts in, can resolve before their loads have begun, with the text
  // still in its fallback font.
  await page.evaluate(async () => {
    const loads: Promise<unknown>[] = [];
    document.fonts.forEach((face) => loads.push(face.load().catch(() => undefined)));
    await Promise.all(loads);
    await document.fonts.ready;
  });
  const inWindowLoaded = (selector: string) =>
    Array.from(document.querySelector(selector)?.querySelectorAll('img') ?? [])
      .filter((image) => image.getBoundingClientRect().top < window.innerHeight)
      .every((image) => image.complete);
  await expect.poll(() => page.evaluate(inWindowLoaded, root), { message: 'pictures in the window loaded' }).toBe(true);
  return page.evaluate((selector) => {
    const rows: string[] = [];
    for (const element of Array.from(document.querySelector(selector)?.querySelectorAll('[class]') ?? [])) {
      const box = element.getBoundingClientRect();
      if (box.bottom <= 0 || box.top >= window.innerHeight || box.width === 0) continue;
      const words = Array.from(element.childNodes)
        .filter((node) => node.nodeType === Node.TEXT_NODE)
        .map((node) => node.textContent)
        .join('')
        .replace(/\s+/g, ' ')
        .trim();
      rows.push(`${element.getAttribute('class')} at ${Math.round(box.x)},${Math.round(box.y)} width ${Math.round(box.width)} ${words}`);
    }
    return rows;
  }, root);
}

const pages = [
  { name: 'home', path: async () => '/', heading: /Tailored formal wear/ },
  { name: 'listing', path: async () => '/products/Formal%20Shirts', heading: /Formal Shirts/ },
  {
    name: 'product',
    path: async (page: Page) => {
      const answer = await page.request.get('/api/getproduct?type=Formal%20Shirts&limit=1');
      const body = (await answer.json()) as { data: { items: { _id: string }[] } };
      return `/api/getproduct/${body.data.items[0]._id}`;
    },
    heading: /./,
  },
  { name: 'cart', path: async () => '/guestcart', heading: /Your cart/ },
];

for (const { name, path, heading } of pages) {
  test(`the ${name} page's first screen is the app's page, element for element`, async ({ page, browser }) => {
    const address = await path(page);

    // The server's first screen alone: the app's scripts never arrive.
    const serverOnly = await browser.newPage({ viewport: page.viewportSize() ?? undefined });
    await serverOnly.route(/\/(assets\/[^/]+\.js|first-screen\.js)$/, (route) => route.abort());
    await serverOnly.goto(address);
    await expect(serverOnly.locator('#first-screen h1')).toHaveText(heading);
    // The server's screen waits for the app to let the shop's fonts in; compare in those fonts.
    await serverOnly.evaluate(() => delete document.documentElement.dataset.fonts);
    const drawn = await visibleLayout(serverOnly, '#first-screen');
    await serverOnly.close();
    expect(drawn.length, 'elements on the first screen').toBeGreaterThan(20);

    // The app, once it has taken over.
    await page.goto(address);
    await appStarted(page);
    await expect(page.locator('#root h1')).toHaveText(heading);
    const app = await visibleLayout(page, '#root');
    const missing = drawn.filter((row) => !app.includes(row));
    expect(missing, `drawn by the server but not so by the app:\n${missing.join('\n')}\n\nthe app:\n${app.join('\n')}`).toEqual([]);
  });
}
