import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { expect, type APIRequestContext, type Locator, type Page } from '@playwright/test';
import { test } from './fixtures';
import { inView, keepShopperSignedIn, screenshot, signInToBackOffice, someAddress } from './stack';

// Account security as a shopper meets it: a new e-mail takes effect only with the code mailed
// to it (sim's mailbox) and the old address is told; a common password is refused with the
// server's reason; and Logout revokes the token on the server, so a copy of it gets 401.
// Every element is checked to be inside the viewport before it is used, as a person would see it.

const password = 'tailored-2026';

// Each flow hashes passwords (argon2id) several times on a loaded 2-core box.
test.describe.configure({ timeout: 120_000 });

function isMobile(page: Page) {
  return (page.viewportSize()?.width ?? 1280) < 640;
}

function uniqueEmail(project: string, what: string) {
  return `${what}-${project}-${Date.now()}-${Math.floor(Math.random() * 1e4)}@example.com`;
}

/** sim's HTTP address: SIM_URL, else the last "sim listening" line of RUN_NAME's sim log. */
function simUrl(): string {
  if (process.env.SIM_URL) return process.env.SIM_URL.replace(/\/$/, '');
  const log = fileURLToPath(new URL(`../../.data/${process.env.RUN_NAME ?? 'run'}/logs/sim.log`, import.meta.url));
  const address = readFileSync(log, 'utf8').match(/sim listening http=(\S+)/g)?.at(-1)?.split('http=')[1];
  if (!address) throw new Error(`no "sim listening" line in ${log}; set SIM_URL`);
  return `http://${address}`;
}

/** The newest mail sim's mailbox holds for `to` whose text matches `pattern`; its first group. */
async function mailed(request: APIRequestContext, to: string, pattern: RegExp): Promise<string> {
  let found = '';
  await expect
    .poll(
      async () => {
        const answer = await request.get(`${simUrl()}/mail/api/messages?to=${encodeURIComponent(to)}`);
        const { messages } = (await answer.json()) as { messages: { text: string }[] };
        found = messages.map((message) => message.text.match(pattern)?.[1] ?? '').find(Boolean) ?? '';
        return found;
      },
      { message: `a mail to ${to} matching ${pattern}`, timeout: 20_000 },
    )
    .not.toBe('');
  return found;
}

/** Registers through the API and keeps the session where the shop keeps it; the token. */
async function signedInShopper(page: Page, request: APIRequestContext, email: string): Promise<string> {
  const answer = await request.post('/api/register', { data: { firstName: 'Neha Rao', email, password }, headers: someAddress() });
  expect(answer.ok(), await answer.text()).toBe(true);
  const { token, data } = (await answer.json()) as { token: string; data: unknown };
  await keepShopperSignedIn(page, { token, user: data });
  return token;
}

/**
 * `locator` once a person sees it in the viewport (inView: scrolled to only as a person could,
 * and again if the page draws it anew meanwhile, as the app does with a toast flashed across a
 * reload). Scrolling once with Playwright failed on such a toast: "not attached to the DOM".
 */
async function seen(locator: Locator) {
  await inView(locator);
  return locator;
}

function toast(page: Page, message: string | RegExp) {
  return page.getByRole('region', { name: 'Notifications' }).getByText(message);
}

test('a new e-mail takes effect only with the code mailed to it', { tag: '@phone' }, async ({ page, request }, testInfo) => {
  const email = uniqueEmail(testInfo.project.name, 'change');
  const next = uniqueEmail(testInfo.project.name, 'changed');
  await signedInShopper(page, request, email);
  await page.goto('/user/accountdetails');
  const section = page.getByRole('region', { name: 'Email', exact: true });
  await expect(section.getByText(`You sign in with ${email}.`)).toBeVisible();

  await (await seen(section.getByRole('textbox', { name: 'New email' }))).fill(next);
  await (await seen(section.getByLabel('Current password'))).fill(password);
  await (await seen(section.getByRole('button', { name: 'Send code' }))).click();
  const sent = section.getByText(`We sent a 6-digit code to ${next}.`);
  await seen(sent);
  await expect(section.getByText(`You sign in with ${email}.`)).toBeVisible();
  await screenshot(page, testInfo, 'email-change-code-sent', { fullPage: false });

  // A wrong code is refused by the server, on the field.
  const code = await mailed(request, next, /for your drape account is (\d{6})/);
  const wrong = String((Number(code) + 1) % 1_000_000).padStart(6, '0');
  const field = await seen(section.getByRole('textbox', { name: 'Code from the email' }));
  await field.fill(wrong);
  await (await seen(section.getByRole('button', { name: 'Confirm new email' }))).click();
  await seen(section.getByText('The code is not right').first());
  await screenshot(page, testInfo, 'email-change-wrong-code', { fullPage: false });

  await (await seen(field)).fill(code);
  await (await seen(section.getByRole('button', { name: 'Confirm new email' }))).click();
  await expect(section.getByText(`You sign in with ${next}.`)).toBeVisible();
  await seen(section.getByText(`You sign in with ${next}.`));
  await screenshot(page, testInfo, 'email-change-done', { fullPage: false });

  // The old address was told.
  expect(await mailed(request, email, /was changed from \S+ to (\S+)\./)).toBe(next);
});

test('a common password is refused with the reason', { tag: '@desktop' }, async ({ page, request }, testInfo) => {
  await signedInShopper(page, request, uniqueEmail(testInfo.project.name, 'common'));
  await page.goto('/user/accountdetails');
  const section = page.getByRole('region', { name: 'Password', exact: true });
  await (await seen(section.getByLabel('Current password'))).fill(password);
  await (await seen(section.getByLabel('New password', { exact: true }))).fill('Password123');
  await (await seen(section.getByLabel('Confirm new password'))).fill('Password123');
  await (await seen(section.getByRole('button', { name: 'Update password' }))).click();
  const reason = section.getByText('This password is on a list of common and leaked passwords that attackers try first. Choose another.').first();
  await seen(reason);
  await screenshot(page, testInfo, 'password-common-refused', { fullPage: false });
});

test('Logout revokes the token: a copy of it gets 401', async ({ page, request }, testInfo) => {
  const token = await signedInShopper(page, request, uniqueEmail(testInfo.project.name, 'logout'));
  await page.goto('/user/accountdetails');
  expect((await request.get('/api/getProfile', { headers: { Authorization: `Bearer ${token}` } })).status()).toBe(200);

  let menu: Locator;
  if (isMobile(page)) {
    await (await seen(page.getByRole('button', { name: 'Open menu' }))).click();
    menu = page.getByRole('navigation', { name: 'Mobile' });
  } else {
    await (await seen(page.getByRole('banner').getByRole('button', { name: /^Account: / }))).click();
    menu = page.locator('#account-menu');
  }
  const logout = page.waitForResponse((response) => response.url().endsWith('/api/logout') && response.request().method() === 'POST');
  await (await seen(menu.getByRole('button', { name: 'Logout' }))).click();
  expect((await logout).status()).toBe(200);
  await expect(page).toHaveURL(/\/$/);
  await seen(toast(page, 'You are signed out.'));
  await screenshot(page, testInfo, 'logout-signed-out', { fullPage: false });

  const copied = await request.get('/api/getProfile', { headers: { Authorization: `Bearer ${token}` } });
  expect(copied.status()).toBe(401);
});

test("the back office's Sign out revokes its token too", { tag: '@desktop' }, async ({ page, request }, testInfo) => {
  await signInToBackOffice(page);
  const token = await page.evaluate(() => window.localStorage.getItem('adminToken'));
  expect(token).toBeTruthy();
  const revoked = page.waitForResponse((response) => response.url().endsWith('/api/admin/logout'));
  await (await seen(page.getByRole('button', { name: 'Sign out' }))).click();
  expect((await revoked).status()).toBe(200);
  await expect(page).toHaveURL(/\/adminlogin$/);
  await seen(page.getByRole('button', { name: 'Sign in' }));
  await screenshot(page, testInfo, 'admin-signed-out', { fullPage: false });
  expect((await request.get('/api/admin/profile', { headers: { Authorization: `Bearer ${token}` } })).status()).toBe(401);
});
