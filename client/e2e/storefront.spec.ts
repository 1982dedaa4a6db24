import { expect, type Page } from '@playwright/test';
import { test } from './fixtures';
import { inView, openInApp, screenshot, scrollToEnd, seen } from './stack';

function isMobile(page: Page) {
  return (page.viewportSize()?.width ?? 1280) < 640;
}

async function openPageFromMenu(page: Page, name: string) {
  if (isMobile(page)) {
    await seen(page.getByRole('button', { name: 'Open menu' })).click();
    await seen(page.getByRole('navigation', { name: 'Mobile' }).getByRole('link', { name })).click();
  } else {
    await seen(page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name })).click();
  }
}

test('home page shows the header, hero, brand promise and footer', async ({ page }, testInfo) => {
  await page.goto('/');
  await expect(page).toHaveTitle('drape — formal wear');
  const header = page.getByRole('banner');
  await inView(header.getByRole('link', { name: 'drape home' }));
  await inView(header.getByRole('link', { name: /^Cart, \d+ items?$/ }));
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Tailored formal wear, made in Jaipur');
  await expect(page.getByRole('link', { name: 'Shop the collection' })).toHaveAttribute('href', '/shop');
  await inView(page.getByText('Free shipping across India'));
  await scrollToEnd(page);
  const footer = page.getByRole('contentinfo');
  await inView(footer.getByText('Manufactured and marketed by Jaipur Formals, Rajasthan, India'));
  await inView(footer.getByText(`© ${new Date().getFullYear()} drape`));
  await expect(footer.getByRole('link', { name: 'Shipping policy', exact: true })).toHaveAttribute('href', '/shippingpolicy');
  await expect(footer.getByRole('link', { name: 'Privacy Policy' }).first()).toHaveAttribute(
    'href',
    '/returnpolicydetails',
  );
  await screenshot(page, testInfo, 'home');
});

test('About and Contact pages open from the navigation', async ({ page }, testInfo) => {
  await page.goto('/');
  await openPageFromMenu(page, 'About');
  await expect(page).toHaveURL(/\/aboutus$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('A Jaipur tailoring house for the working day');
  await screenshot(page, testInfo, 'about');

  await openPageFromMenu(page, 'Contact Us');
  await expect(page).toHaveURL(/\/contactus$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Contact us');
  // The company record an admin keeps (the demo shop's), not a made-up address.
  await inView(page.getByRole('main').getByRole('link', { name: 'care@jaipurformals.in' }));
  await screenshot(page, testInfo, 'contact');
});

test('shipping policy has its nine sections', { tag: '@desktop' }, async ({ page }, testInfo) => {
  await page.goto('/');
  await scrollToEnd(page);
  const footerLink = page.getByRole('contentinfo').getByRole('link', { name: 'Shipping policy', exact: true });
  await footerLink.scrollIntoViewIfNeeded();
  expect(await page.evaluate(() => window.scrollY)).toBeGreaterThan(0);
  await seen(footerLink).click();
  await expect(page).toHaveURL(/\/shippingpolicy$/);
  await expect.poll(() => page.evaluate(() => window.scrollY), { message: 'scrolls to top after navigation' }).toBe(0);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Shipping policy');
  const sections = page.getByTestId('shipping-policy-sections').getByRole('heading', { level: 2 });
  await expect(sections).toHaveCount(9);
  await expect(sections).toHaveText([
    'Shipping locations',
    'Order processing time',
    'Delivery time',
    'Shipping charges',
    'Order tracking',
    'Delays',
    'Incorrect address',
    'Damaged or lost items',
    'Contact us',
  ]);
  await inView(page.getByText(/Business days exclude Sundays and public holidays/));
  await inView(page.getByText(/within 48 hours/));
  await screenshot(page, testInfo, 'shipping-policy');
});

test('a deep link to a static page loads directly', { tag: '@phone' }, async ({ page }) => {
  await page.goto('/shippingpolicy');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Shipping policy');
});

test('an unknown route shows the not-found page', { tag: '@desktop' }, async ({ page }, testInfo) => {
  await page.goto('/no-such-page/at-all');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Page not found');
  await inView(page.getByRole('banner'));
  await seen(page.getByRole('main').getByRole('link', { name: 'Back to home' })).click();
  await expect(page).toHaveURL(/\/$/);
  await page.goto('/no-such-page/at-all');
  await screenshot(page, testInfo, 'not-found');
});

test('the loading screen reads Loading premium clothing', { tag: '@phone' }, async ({ page }, testInfo) => {
  await page.goto('/loader');
  await inView(page.getByRole('main').getByText('Loading premium clothing'));
  await screenshot(page, testInfo, 'loader');
});

test('the theme toggle switches to dark and is remembered', async ({ page }, testInfo) => {
  // On a phone the toggle sits in the menu, leaving the bar to search and the account.
  const openMenu = async () => {
    if (isMobile(page)) await seen(page.getByRole('button', { name: 'Open menu' })).click();
  };
  await page.goto('/');
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'light');
  await openMenu();
  await seen(page.getByRole('button', { name: 'Switch to dark theme' })).click();
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
  expect(await page.evaluate(() => localStorage.getItem('theme'))).toBe('dark');
  await expect
    .poll(() => page.evaluate(() => getComputedStyle(document.body).backgroundColor))
    .toBe('rgb(20, 22, 26)');
  await screenshot(page, testInfo, 'home-dark');

  await page.reload();
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
  await openMenu();
  await inView(page.getByRole('button', { name: 'Switch to light theme' }));
});

test('the navigation menu opens (hamburger drawer on mobile, Shop dropdown on desktop)', async ({ page }, testInfo) => {
  await page.goto('/');
  if (isMobile(page)) {
    await expect(page.getByRole('navigation', { name: 'Main' })).toBeHidden();
    const toggle = page.getByRole('button', { name: 'Open menu' });
    await inView(toggle);
    await seen(toggle).click();
    const drawer = page.getByRole('navigation', { name: 'Mobile' });
    await inView(drawer);
    const box = await drawer.boundingBox();
    expect(box?.width).toBe(390);
    for (const name of ['Home', 'Best Seller', 'About', 'Contact Us', 'Shop all', 'Sign In']) {
      const link = drawer.getByRole('link', { name, exact: true });
      await inView(link);
      expect((await link.boundingBox())?.height ?? 0).toBeGreaterThanOrEqual(44);
    }
    await screenshot(page, testInfo, 'mobile-menu', { fullPage: false });
    await seen(page.getByRole('button', { name: 'Close menu' })).click();
    await expect(drawer).toBeHidden();
  } else {
    const nav = page.getByRole('navigation', { name: 'Main' });
    await seen(nav.getByRole('button', { name: 'Shop' })).click();
    const menu = nav.getByRole('list', { name: 'Shop categories' });
    await expect(menu.getByRole('link', { name: 'Shop all' })).toHaveAttribute('href', '/shop');
    await screenshot(page, testInfo, 'shop-menu', { fullPage: false });
    await page.keyboard.press('Escape');
    await expect(menu).toBeHidden();
  }
});

test('nothing overflows the viewport sideways', async ({ page }) => {
  // The home page loaded, the rest reached inside the app: each is checked as drawn.
  await page.goto('/');
  for (const path of ['/', '/aboutus', '/contactus', '/shippingpolicy', '/nowhere']) {
    if (path !== '/') await openInApp(page, path);
    await inView(page.getByRole('heading', { level: 1 }));
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow, `horizontal overflow on ${path}`).toBeLessThanOrEqual(0);
  }
});
