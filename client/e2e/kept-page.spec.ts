// The page a worker keeps between tests (e2e/fixtures.ts) comes to the next test as a fresh
// visitor's: a shopper signed in, a toast waiting in sessionStorage, a cookie and a listener
// left by one test are all gone in the next, which gets the very same page (else this proves
// nothing about keeping it).
import { expect, type Page } from '@playwright/test';
import { test } from './fixtures';
import { call, inView, openSignedIn, someAddress } from './stack';

test.describe.configure({ mode: 'serial' });

let keptPage: Page | undefined;
let heard = 0;

test('a signed-in shopper leaves storage, a cookie and a listener behind @desktop', async ({ page, request }, testInfo) => {
  const email = `kept-${testInfo.project.name}-${Date.now()}-${Math.floor(Math.random() * 1e4)}@example.com`;
  const registered = await call<unknown>(request, 'POST', '/api/register', undefined, { firstName: 'Tara Sen', email, password: 'tailored-2026' }, someAddress());
  await openSignedIn(page, { token: registered.token!, user: registered.data }, '/');
  await inView(page.getByRole('banner').getByRole('button', { name: 'Account: Tara' }));
  await page.evaluate(() => window.sessionStorage.setItem('left-behind', '1'));
  await page.context().addCookies([{ name: 'left-behind', value: '1', url: page.url() }]);
  page.on('request', () => {
    heard += 1;
  });
  keptPage = page;
});

test('the next test in the worker gets the same page as a guest, with none of it @desktop', async ({ page }) => {
  expect(page, 'the page kept from the test before').toBe(keptPage);
  const heardBefore = heard;
  await page.goto('/');
  await inView(page.getByRole('banner').getByRole('link', { name: 'Sign In' }));
  expect(await page.evaluate(() => [window.localStorage.getItem('token'), window.localStorage.getItem('user'), window.sessionStorage.getItem('left-behind')])).toEqual([null, null, null]);
  expect((await page.context().cookies()).map((cookie) => cookie.name)).not.toContain('left-behind');
  expect(heard, 'requests heard by the earlier test\'s listener').toBe(heardBefore);
});
