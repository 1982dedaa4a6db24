import { expect, type Locator, type Page } from '@playwright/test';
import { test } from './fixtures';
import { appStarted, call, inView, screenshot, seen } from './stack';

// A product's pictures as a shopper handles them, against the whole running stack: on a
// desktop a click opens them full window, a click there zooms in, the arrow keys step between
// them and Escape closes; on a phone a finger swipes the stage to the next picture, a tap opens
// them full window and two fingers pinch one larger.

// SHOTS=before names the screenshots of a run on the code before a change.
const phase = process.env.SHOTS ? `-${process.env.SHOTS}` : '';

interface Listed {
  _id: string;
  productName: string;
  thumbnail: string;
  images: string[];
}

/** A demo product with two pictures or more, and its pictures in order. */
async function productWithPictures(page: Page) {
  const listed = await call<{ items: Listed[] }>(page.request, 'GET', '/api/getproduct?limit=24');
  const product = listed.data.items.find((item) => new Set([item.thumbnail, ...(item.images ?? [])].filter(Boolean)).size >= 2);
  expect(product, 'a demo product with two pictures').toBeTruthy();
  await page.goto(`/api/getproduct/${product!._id}`);
  await inView(page.getByRole('heading', { level: 1, name: product!.productName }));
  // The hands start once the app has taken the server's still first screen over.
  await appStarted(page);
  return { name: product!.productName, count: new Set([product!.thumbnail, ...product!.images].filter(Boolean)).size };
}

/** The height the picture is drawn at on screen (its box, transforms included). */
async function drawnHeight(picture: Locator) {
  return Math.round((await picture.boundingBox())?.height ?? 0);
}

/** One finger from (x0, y0) to (x1, y1) on a touch screen, in a few moves, as Chromium gets them from a phone. */
async function swipe(page: Page, from: { x: number; y: number }, to: { x: number; y: number }) {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Input.dispatchTouchEvent', { type: 'touchStart', touchPoints: [from] });
  for (let step = 1; step <= 6; step++) {
    const at = { x: from.x + ((to.x - from.x) * step) / 6, y: from.y + ((to.y - from.y) * step) / 6 };
    await cdp.send('Input.dispatchTouchEvent', { type: 'touchMove', touchPoints: [at] });
  }
  await cdp.send('Input.dispatchTouchEvent', { type: 'touchEnd', touchPoints: [] });
  await cdp.detach();
}

/** Two fingers moving apart about (x, y): a pinch that zooms in. */
async function pinchOut(page: Page, centre: { x: number; y: number }) {
  const cdp = await page.context().newCDPSession(page);
  const points = (spread: number) => [
    { x: centre.x - spread, y: centre.y, id: 1 },
    { x: centre.x + spread, y: centre.y, id: 2 },
  ];
  await cdp.send('Input.dispatchTouchEvent', { type: 'touchStart', touchPoints: points(30) });
  for (let spread = 40; spread <= 110; spread += 10) {
    await cdp.send('Input.dispatchTouchEvent', { type: 'touchMove', touchPoints: points(spread) });
  }
  await cdp.send('Input.dispatchTouchEvent', { type: 'touchEnd', touchPoints: [] });
  await cdp.detach();
}

test('on a desktop a click opens the pictures large, zooms in, and the keys step and close', { tag: '@desktop' }, async ({ page }, testInfo) => {
  test.slow(); // a zoom, two keys, two screenshots
  const { name, count } = await productWithPictures(page);
  const onPage = page.getByRole('img', { name: `${name}, picture 1 of ${count}` });
  await inView(onPage);
  const pageHeight = await drawnHeight(onPage);
  await screenshot(page, testInfo, `product-pictures${phase}`, { fullPage: false });

  await seen(page.getByRole('button', { name: `Zoom in on picture 1 of ${count}` })).click();
  const zoom = page.getByRole('dialog', { name: `Pictures of ${name}` });
  await inView(zoom);
  const large = zoom.getByRole('img', { name: `${name}, picture 1 of ${count}` });
  await inView(large);
  // A click on the picture zooms in where it lands: drawn larger than the page showed it.
  await seen(large).click();
  await expect.poll(() => drawnHeight(large), { message: 'the zoomed picture is larger than the page’s' }).toBeGreaterThan(pageHeight * 1.5);
  await inView(zoom.getByText('Click or double-tap to zoom out'));
  await screenshot(page, testInfo, `product-zoom-open${phase}`, { fullPage: false });

  await page.keyboard.press('ArrowRight');
  await inView(zoom.getByRole('img', { name: `${name}, picture 2 of ${count}` }));
  await page.keyboard.press('Escape');
  await expect(zoom).toBeHidden();
  // The page shows the picture the zoom was left on.
  await inView(page.getByRole('img', { name: `${name}, picture 2 of ${count}` }));
  await expect(page.getByRole('button', { name: `Show picture 2 of ${count}` })).toHaveAttribute('aria-pressed', 'true');
  // The arrow keys step on the page too, from the stage.
  await seen(page.getByRole('button', { name: `Zoom in on picture 2 of ${count}` })).focus();
  await page.keyboard.press('ArrowLeft');
  await inView(page.getByRole('img', { name: `${name}, picture 1 of ${count}` }));
});

test('on a phone a swipe moves to the next picture, a tap opens them and a pinch zooms in', { tag: '@phone' }, async ({ page }, testInfo) => {
  test.slow(); // two swipes, a tap, a pinch and three screenshots
  const { name, count } = await productWithPictures(page);
  const first = page.getByRole('img', { name: `${name}, picture 1 of ${count}` });
  await inView(first);
  await screenshot(page, testInfo, `product-pictures${phase}`, { fullPage: false });
  const box = (await first.boundingBox())!;
  const y = box.y + box.height / 2;
  await swipe(page, { x: box.x + box.width * 0.8, y }, { x: box.x + box.width * 0.15, y: y + 6 });
  await inView(page.getByRole('img', { name: `${name}, picture 2 of ${count}` }));
  await expect(page.getByRole('button', { name: `Show picture 2 of ${count}` })).toHaveAttribute('aria-pressed', 'true');
  // The picture has slid into place: it fills the stage.
  await expect.poll(async () => Math.round((await page.getByRole('img', { name: `${name}, picture 2 of ${count}` }).boundingBox())?.x ?? -1)).toBe(Math.round(box.x));
  await screenshot(page, testInfo, `product-swipe${phase}`, { fullPage: false });

  // A swipe back the other way.
  await swipe(page, { x: box.x + box.width * 0.2, y }, { x: box.x + box.width * 0.85, y });
  await inView(first);
  // Settled before the tap: a tap on a picture still sliding is part of no gesture a person makes.
  await expect.poll(async () => Math.round((await first.boundingBox())?.x ?? -1)).toBe(Math.round(box.x));

  const zoom = page.getByRole('dialog', { name: `Pictures of ${name}` });
  // A tap opens the pictures. On a loaded machine the emulated finger can rest long enough for
  // Chromium to take it for a long press, which clicks nothing: a person would tap again.
  await expect(async () => {
    await seen(page.getByRole('button', { name: `Zoom in on picture 1 of ${count}` })).tap();
    await expect(zoom).toBeVisible({ timeout: 3_000 });
  }).toPass({ timeout: 20_000 });
  await inView(zoom);
  const large = zoom.getByRole('img', { name: `${name}, picture 1 of ${count}` });
  await inView(large);
  const fitted = await drawnHeight(large);
  const stage = (await zoom.getByTestId('picture-zoom-stage').boundingBox())!;
  await pinchOut(page, { x: stage.x + stage.width / 2, y: stage.y + stage.height / 2 });
  await expect.poll(() => drawnHeight(large), { message: 'the pinched picture is drawn larger' }).toBeGreaterThan(fitted * 1.5);
  await screenshot(page, testInfo, `product-pinch${phase}`, { fullPage: false });
  await seen(zoom.getByRole('button', { name: 'Close the pictures' })).click();
  await expect(zoom).toBeHidden();
});
