import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { expect, type APIRequestContext, type Page, type TestInfo } from '@playwright/test';
import { test } from './fixtures';
import { clickAndSee, inStockSize, inView, keepShopperSignedIn, openInApp, screenshot, seen } from './stack';

// Accounts against the whole running shop: registration and sign-in in the popup, Google sign-in
// through sim's account chooser, the OTP password reset with the code from sim's mailbox, the
// address book, the wishlist, the route guards and the back office's sign-in.

const password = 'tailored-2026';

// These flows register and sign in several times each, and every one hashes or checks an argon2id
// password, which is slow on a loaded 2-core CI box; on phones each greeting toast also covers the
// header's menu button until it closes (4 s), and the flows open that menu after several of them.
// The registration flow took 29.9 s of the default 30 s on desktop and timed out on mobile; on a
// loaded box it has taken up to 60 s. Each expect still gives up after 7 s.
test.describe.configure({ timeout: 120_000 });

/** A made-up client address for an API sign-up: the browser-test stack trusts the header, so
 * the suite's many sign-ups do not all count against one address's limit. */
function someAddress(): Record<string, string> {
  const part = () => Math.floor(Math.random() * 250) + 1;
  return { 'X-Forwarded-For': `10.${part()}.${part()}.${part()}` };
}

function isMobile(page: Page) {
  return (page.viewportSize()?.width ?? 1280) < 640;
}

/** A new e-mail for every test and project, so runs never collide. */
function uniqueEmail(testInfo: TestInfo, what: string) {
  return `${what}-${testInfo.project.name}-${Date.now()}-${Math.floor(Math.random() * 1e4)}@example.com`;
}

/**
 * sim's HTTP address: SIM_URL when given, else the last "sim listening http=…" line of the log
 * scripts/run.sh writes for RUN_NAME (default run).
 */
function simUrl(): string {
  if (process.env.SIM_URL) return process.env.SIM_URL.replace(/\/$/, '');
  const log = fileURLToPath(new URL(`../../.data/${process.env.RUN_NAME ?? 'run'}/logs/sim.log`, import.meta.url));
  const lines = readFileSync(log, 'utf8').match(/sim listening http=(\S+)/g);
  const address = lines?.at(-1)?.split('http=')[1];
  if (!address) throw new Error(`no "sim listening" line in ${log}; set SIM_URL`);
  return `http://${address}`;
}

/** The newest password-reset code sim's mailbox holds for `email`. */
async function resetCode(request: APIRequestContext, email: string): Promise<string> {
  let code = '';
  await expect
    .poll(
      async () => {
        const answer = await request.get(`${simUrl()}/mail/api/messages?to=${encodeURIComponent(email)}`);
        const { messages } = (await answer.json()) as { messages: { text: string }[] };
        code = messages[0]?.text.match(/reset code is (\d{6})/)?.[1] ?? '';
        return code;
      },
      { message: `a reset code mailed to ${email}`, timeout: 20_000 },
    )
    .toMatch(/^\d{6}$/);
  return code;
}

async function register(request: APIRequestContext, name: string, email: string) {
  const answer = await request.post('/api/register', { data: { firstName: name, email, password }, headers: someAddress() });
  expect(answer.ok(), await answer.text()).toBe(true);
  return (await answer.json()) as { token: string; data: unknown };
}

/** Signs in through the API and keeps the session where the shop keeps it. */
async function signInAs(page: Page, request: APIRequestContext, email: string) {
  const answer = await request.post('/api/login', { data: { email, password } });
  expect(answer.ok(), await answer.text()).toBe(true);
  const { token, data } = (await answer.json()) as { token: string; data: unknown };
  await keepShopperSignedIn(page, { token, user: data });
}

/** Opens the sign-in popup from the header (or the mobile menu). */
async function openSignIn(page: Page) {
  if (isMobile(page)) {
    await seen(page.getByRole('button', { name: 'Open menu' })).click();
    await seen(page.getByRole('navigation', { name: 'Mobile' }).getByRole('link', { name: 'Sign In' })).click();
  } else {
    await seen(page.getByRole('banner').getByRole('link', { name: 'Sign In' })).click();
  }
  const dialog = page.getByRole('dialog');
  await inView(dialog.getByRole('heading', { name: 'Welcome back' }));
  return dialog;
}

/** Opens the account menu (desktop) or the mobile menu, where Logout and the account links are. */
async function openAccountMenu(page: Page) {
  if (isMobile(page)) {
    await seen(page.getByRole('button', { name: 'Open menu' })).click();
    return page.getByRole('navigation', { name: 'Mobile' });
  }
  await seen(page.getByRole('banner').getByRole('button', { name: /^Account: / })).click();
  return page.locator('#account-menu');
}

async function expectSignedInAs(page: Page, firstName: string) {
  if (isMobile(page)) {
    const menu = await openAccountMenu(page);
    await inView(menu.getByRole('heading', { name: `Hello, ${firstName}` }));
    await seen(page.getByRole('button', { name: 'Close menu' })).click();
  } else {
    await inView(page.getByRole('banner').getByRole('button', { name: `Account: ${firstName}` }));
  }
}

function toast(page: Page, message: string | RegExp) {
  return page.getByRole('region', { name: 'Notifications' }).getByText(message);
}

test('a shopper registers in the popup, logs out and logs in again', async ({ page }, testInfo) => {
  const email = uniqueEmail(testInfo, 'register');
  await page.goto('/');
  const dialog = await openSignIn(page);
  await expect(dialog.getByRole('textbox', { name: 'Email' })).toBeFocused();
  await inView(dialog.getByRole('button', { name: 'Continue with Google' }));
  await screenshot(page, testInfo, 'signin-popup-login', { fullPage: false });

  // Login with nothing typed, then the create-account form with every register message.
  await seen(dialog.getByRole('button', { name: 'Sign in', exact: true })).click();
  await inView(dialog.getByText('Email is required'));
  await inView(dialog.getByText('Password is required'));

  await seen(dialog.getByRole('button', { name: 'Create an account' })).click();
  await inView(dialog.getByRole('heading', { name: 'Create your account' }));
  await expect(dialog.getByText('Email is required')).toBeHidden();
  await seen(dialog.getByRole('button', { name: 'Create account' })).click();
  await inView(dialog.getByText('Name is required'));
  await inView(dialog.getByText('Please confirm your password'));
  await screenshot(page, testInfo, 'signin-popup-register-errors', { fullPage: false });

  await seen(dialog.getByRole('textbox', { name: 'Full name' })).fill('Riya Kapoor');
  await seen(dialog.getByRole('textbox', { name: 'Email' })).fill(email);
  await seen(dialog.getByLabel('Password', { exact: true })).fill(password);
  await seen(dialog.getByLabel('Confirm password')).fill('something-else');
  await seen(dialog.getByRole('button', { name: 'Create account' })).click();
  await inView(dialog.getByText('Passwords do not match'));
  await seen(dialog.getByRole('checkbox', { name: 'Show password' })).check();
  await expect(dialog.getByLabel('Confirm password')).toHaveAttribute('type', 'text');
  await seen(dialog.getByLabel('Confirm password')).fill(password);
  await seen(dialog.getByRole('button', { name: 'Create account' })).click();

  // The page reloads signed in, greeted after the reload.
  await inView(toast(page, 'Registration successful!'));
  await expectSignedInAs(page, 'Riya');

  let menu = await openAccountMenu(page);
  await expect(menu.getByRole('link', { name: 'Account Details' })).toHaveAttribute('href', '/user/accountdetails');
  await expect(menu.getByRole('link', { name: 'Orders' })).toHaveAttribute('href', '/user/orders');
  await screenshot(page, testInfo, 'account-menu', { fullPage: false });
  await seen(menu.getByRole('button', { name: 'Logout' })).click();
  await expect(page).toHaveURL(/\/$/);
  await inView(toast(page, 'You are signed out.'));
  expect(await page.evaluate(() => window.localStorage.getItem('token'))).toBeNull();

  // Back in, with a wrong password first.
  const login = await openSignIn(page);
  await seen(login.getByRole('textbox', { name: 'Email' })).fill(email);
  await seen(login.getByLabel('Password', { exact: true })).fill('not-my-password');
  await seen(login.getByRole('button', { name: 'Sign in', exact: true })).click();
  await expect(login.getByRole('form', { name: 'Sign in' }).getByRole('alert')).toHaveText('Invalid email or password');
  await screenshot(page, testInfo, 'signin-popup-login-error', { fullPage: false });
  await seen(login.getByLabel('Password', { exact: true })).fill(password);
  await clickAndSee(login.getByRole('button', { name: 'Sign in', exact: true }), toast(page, 'Welcome Riya Kapoor'));
  await expectSignedInAs(page, 'Riya');

  menu = await openAccountMenu(page);
  await seen(menu.getByRole('link', { name: 'Account Details' })).click();
  await expect(page).toHaveURL(/\/user\/accountdetails$/);
  await inView(page.getByRole('heading', { level: 1, name: 'Account details' }));
  await expect(page.getByRole('textbox', { name: 'First name' })).toHaveValue('Riya Kapoor');
  await seen(page.getByRole('textbox', { name: 'First name' })).fill('Riya');
  await seen(page.getByRole('textbox', { name: 'Last name (optional)' })).fill('Kapoor');
  await seen(page.getByRole('textbox', { name: 'Phone (optional)' })).fill('98765 43210');
  await expect(page.getByRole('textbox', { name: 'Phone (optional)' })).toHaveValue('9876543210');
  await clickAndSee(page.getByRole('button', { name: 'Save changes' }), toast(page, 'Account details updated'));
  await page.waitForTimeout(300);
  await screenshot(page, testInfo, 'user-accountdetails');

  await seen(page.getByRole('link', { name: 'Dashboard' })).click();
  await inView(page.getByRole('heading', { level: 1, name: 'Hello, Riya' }));
  await screenshot(page, testInfo, 'user-dashboard');
});

test('a shopper signs in with Google through the account chooser', async ({ page }, testInfo) => {
  await page.goto('/');
  const dialog = await openSignIn(page);
  const google = dialog.getByRole('button', { name: 'Continue with Google' });
  await inView(google);
  const [chooser] = await Promise.all([page.waitForEvent('popup'), seen(google).click()]);
  await chooser.waitForLoadState();
  // The welcome shows in the shop's window as the chooser closes.
  await clickAndSee(chooser.getByRole('button', { name: /aarav\.sharma@gmail\.example/ }), toast(page, /^Welcome Aarav/));
  await expectSignedInAs(page, 'Aarav');
  await openInApp(page, '/user/dashboard');
  await inView(page.getByRole('heading', { level: 1, name: 'Hello, Aarav' }));
  void testInfo;
});

test('a shopper resets a forgotten password with the code from the mailbox', async ({ page, request }, testInfo) => {
  const email = uniqueEmail(testInfo, 'reset');
  await register(request, 'Kabir Mehta', email);

  await page.goto('/login');
  await inView(page.getByRole('heading', { level: 2, name: 'Welcome back' }));
  await screenshot(page, testInfo, 'login-page');
  await seen(page.getByRole('button', { name: 'Forgot Password?' })).click();
  await inView(page.getByRole('heading', { name: 'Forgot password' }));
  await seen(page.getByRole('button', { name: 'Send OTP' })).click();
  await inView(page.getByText('Please enter your email'));
  await seen(page.getByRole('textbox', { name: 'Email' })).fill(email);
  await clickAndSee(page.getByRole('button', { name: 'Send OTP' }), toast(page, 'OTP sent to your email'));
  await inView(page.getByRole('heading', { name: 'Enter your code' }));
  await seen(page.getByRole('button', { name: 'Verify OTP' })).click();
  await inView(page.getByText('Enter OTP', { exact: true }));
  await screenshot(page, testInfo, 'forgot-password-otp');

  await seen(page.getByRole('textbox', { name: 'OTP' })).fill(await resetCode(request, email));
  await clickAndSee(page.getByRole('button', { name: 'Verify OTP' }), toast(page, 'OTP verified'));
  await inView(page.getByRole('heading', { name: 'Choose a new password' }));
  await seen(page.getByRole('button', { name: 'Update password' })).click();
  await inView(page.getByText('Both password fields are required'));
  await seen(page.getByLabel('New password', { exact: true })).fill('a-new-cut-2026');
  await seen(page.getByLabel('Confirm new password')).fill('a-new-cut-2025');
  await seen(page.getByRole('button', { name: 'Update password' })).click();
  await inView(page.getByText('Passwords do not match'));
  await screenshot(page, testInfo, 'forgot-password-reset');
  await seen(page.getByLabel('Confirm new password')).fill('a-new-cut-2026');
  await clickAndSee(page.getByRole('button', { name: 'Update password' }), toast(page, 'Password updated successfully'));

  // Back at login with the e-mail filled in; the new password works.
  await inView(page.getByRole('heading', { name: 'Welcome back' }));
  await expect(page.getByRole('textbox', { name: 'Email' })).toHaveValue(email);
  await seen(page.getByLabel('Password', { exact: true })).fill('a-new-cut-2026');
  await clickAndSee(page.getByRole('button', { name: 'Sign in', exact: true }), toast(page, 'Welcome Kabir Mehta'));
  await expect(page).toHaveURL(/\/$/);
});

test('the guard sends a guest to sign in and back; addresses are added, fixed, edited and deleted', async ({
  page,
  request,
}, testInfo) => {
  const email = uniqueEmail(testInfo, 'address');
  await register(request, 'Meera Iyer', email);

  await page.goto('/user/addresses');
  await expect(page).toHaveURL(/\/login\?next=%2Fuser%2Faddresses$/);
  await inView(page.getByText('Please login first'));
  await seen(page.getByRole('textbox', { name: 'Email' })).fill(email);
  await seen(page.getByLabel('Password', { exact: true })).fill(password);
  await seen(page.getByRole('button', { name: 'Sign in', exact: true })).click();
  await expect(page).toHaveURL(/\/user\/addresses$/);
  await inView(page.getByRole('heading', { level: 1, name: 'Your addresses' }));
  await inView(page.getByRole('heading', { name: 'No saved addresses yet' }));
  await screenshot(page, testInfo, 'user-addresses-empty');

  await seen(page.getByRole('button', { name: 'Add a new address' })).click();
  const form = page.getByRole('form', { name: 'Add a new address' });
  await expect(form.getByRole('textbox', { name: 'First name' })).toHaveValue('Meera');
  await expect(form.getByRole('textbox', { name: 'Email' })).toHaveValue(email);
  await expect(form.getByRole('combobox', { name: 'State' }).getByRole('option')).toHaveCount(37);
  await seen(form.getByRole('textbox', { name: 'House, flat or building' })).fill('Flat 4B, Lotus Residency');
  await seen(form.getByRole('textbox', { name: 'Pincode' })).fill('30201A');
  await seen(form.getByRole('textbox', { name: 'Phone' })).fill('98x765');
  await seen(form.getByRole('button', { name: 'Save address' })).click();
  await inView(form.getByText('Pincode must contain only numbers'));
  await inView(form.getByText('Phone must be 10 digits'));
  await inView(form.getByText('Street and area are required'));
  await inView(form.getByText('Please choose a state'));
  await expect(form.getByRole('textbox', { name: 'Phone' })).toHaveValue('98765');
  await screenshot(page, testInfo, 'user-address-form-errors');

  await seen(form.getByRole('textbox', { name: 'Street and area' })).fill('MI Road, C-Scheme');
  await seen(form.getByRole('textbox', { name: 'City' })).fill('Jaipur');
  await seen(form.getByRole('combobox', { name: 'State' })).selectOption('Rajasthan');
  await seen(form.getByRole('textbox', { name: 'Pincode' })).fill('302001');
  await seen(form.getByRole('textbox', { name: 'Phone' })).fill('9876543210');
  await seen(form.getByRole('radio', { name: 'Work' })).check();
  await clickAndSee(form.getByRole('button', { name: 'Save address' }), toast(page, 'Address added successfully'));

  const list = page.getByRole('list', { name: 'Saved addresses' });
  await expect(list.getByRole('listitem')).toHaveCount(1);
  await expect(list).toContainText('Flat 4B, Lotus Residency');
  await expect(list).toContainText('Jaipur, Rajasthan 302001');
  await expect(list).toContainText('+91 9876543210');
  await inView(list.getByText('Default'));
  await page.waitForTimeout(300);
  await screenshot(page, testInfo, 'user-addresses');

  await seen(list.getByRole('button', { name: /^Edit address/ })).click();
  const edit = page.getByRole('form', { name: 'Edit address' });
  await expect(edit.getByRole('textbox', { name: 'City' })).toHaveValue('Jaipur');
  await seen(edit.getByRole('textbox', { name: 'Landmark (optional)' })).fill('Opposite Central Park');
  await seen(edit.getByRole('textbox', { name: 'City' })).fill('Jaipur City');
  await clickAndSee(edit.getByRole('button', { name: 'Update address' }), toast(page, 'Address updated successfully'));
  await expect(list).toContainText('Near Opposite Central Park');
  await expect(list).toContainText('Jaipur City, Rajasthan 302001');

  await seen(list.getByRole('button', { name: /^Delete address/ })).click();
  const confirm = page.getByRole('dialog', { name: 'Delete this address?' });
  await inView(confirm.getByRole('button', { name: 'Delete address' }));
  await screenshot(page, testInfo, 'user-address-delete', { fullPage: false });
  await clickAndSee(confirm.getByRole('button', { name: 'Delete address' }), toast(page, 'Address deleted'));
  await inView(page.getByRole('heading', { name: 'No saved addresses yet' }));
});

test('a signed-in shopper saves a product with the heart and finds it on the wishlist; a guest is asked to sign in', async ({
  page,
  request,
}, testInfo) => {
  // A guest first: the heart opens sign-in.
  await page.goto('/products/Formal%20Shirts');
  const firstCard = page.getByTestId('product-card').first();
  const name = (await firstCard.getByRole('heading').textContent())?.trim() ?? '';
  const heart = firstCard.getByRole('button', { name: `Save ${name} to wishlist` });
  await expect(heart).toHaveAttribute('aria-pressed', 'false');
  await seen(heart).click();
  const dialog = page.getByRole('dialog');
  await inView(dialog.getByText('Please login first to save pieces to your wishlist.'));
  await screenshot(page, testInfo, 'signin-popup-wishlist-notice', { fullPage: false });
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();

  const email = uniqueEmail(testInfo, 'wishlist');
  await register(request, 'Anika Rao', email);
  await signInAs(page, request, email);
  await page.goto('/products/Formal%20Shirts');
  const card = page.getByTestId('product-card').filter({ hasText: name }).first();
  const saved = card.getByRole('button', { name: `Save ${name} to wishlist` });
  await expect(saved).toHaveAttribute('aria-pressed', 'false');
  await seen(saved).click();
  await expect(saved).toHaveAttribute('aria-pressed', 'true');
  await inView(toast(page, 'Added to your wishlist'));
  await screenshot(page, testInfo, 'listing-heart-saved', { fullPage: false });

  // The product page shows it saved too.
  await seen(card.getByRole('link', { name })).click();
  await inView(page.getByRole('heading', { level: 1, name }));
  await expect(page.getByRole('button', { name: 'Saved to wishlist' })).toHaveAttribute('aria-pressed', 'true');

  // Loaded: the list as the server keeps it, not the app's own copy of the save.
  await page.goto('/user/wishlist');
  await inView(page.getByRole('heading', { level: 1, name: 'Your wishlist' }));
  const grid = page.getByRole('list', { name: 'Saved products' });
  await inView(grid.getByRole('heading', { name }));
  await page.waitForTimeout(400);
  await screenshot(page, testInfo, 'user-wishlist');

  // Quick view from the wishlist adds to the cart.
  await seen(grid.getByRole('button', { name: `Quick view: ${name}` })).click();
  const quickView = page.getByRole('dialog', { name });
  await inView(quickView.getByRole('button', { name: 'Saved to wishlist' }));
  await seen(quickView.getByRole('radio', { name: inStockSize }).first()).check();
  await seen(quickView.getByRole('button', { name: 'Add to cart' })).click();
  // Signed in, the line goes to the server cart; the drawer shows it with the notice.
  const drawer = page.getByRole('dialog', { name: 'Your cart' });
  await inView(drawer.getByTestId('cart-added-notice'));
  await expect(drawer.getByRole('link', { name: 'View Cart' })).toHaveAttribute('href', '/cart');
  await page.keyboard.press('Escape');
  await expect(drawer).toBeHidden();

  await clickAndSee(grid.getByRole('button', { name: `Remove ${name} from wishlist` }), toast(page, 'Removed from your wishlist'));
  await inView(page.getByRole('heading', { name: 'Your wishlist is empty' }));
});

test('the back office: the guard sends to /adminlogin, the admin signs in and sees the dashboard', { tag: '@desktop' }, async ({ page }, testInfo) => {
  await page.goto('/admin/dashboard');
  await expect(page).toHaveURL(/\/adminlogin\?next=%2Fadmin%2Fdashboard$/);
  await inView(page.getByRole('heading', { level: 1, name: 'Staff sign in' }));
  await seen(page.getByRole('button', { name: 'Sign in' })).click();
  await inView(page.getByText('Email is required'));
  await seen(page.getByRole('textbox', { name: 'Email' })).fill('admin@drape.local');
  await seen(page.getByLabel('Password', { exact: true })).fill('not-the-password');
  await seen(page.getByRole('button', { name: 'Sign in' })).click();
  await expect(page.getByRole('form', { name: 'Back office sign in' }).getByRole('alert')).toHaveText('Invalid email or password');
  await screenshot(page, testInfo, 'adminlogin');

  await seen(page.getByLabel('Password', { exact: true })).fill('drape-admin-2026');
  await seen(page.getByRole('button', { name: 'Sign in' })).click();
  await expect(page).toHaveURL(/\/admin\/dashboard$/);
  await inView(page.getByRole('heading', { level: 1, name: /^Good (morning|afternoon|evening), Shop$/ }));
  expect(await page.evaluate(() => window.localStorage.getItem('adminToken'))).toBeTruthy();
  expect(await page.evaluate(() => window.localStorage.getItem('token'))).toBeNull();
  await screenshot(page, testInfo, 'admin-dashboard');

  await seen(page.getByRole('navigation', { name: 'Back office' }).getByRole('link', { name: 'Team accounts' })).click();
  await expect(page).toHaveURL(/\/registeradmin$/);
  await seen(page.getByRole('textbox', { name: 'Full name' })).fill('Dev Staff');
  await seen(page.getByRole('textbox', { name: 'Email' })).fill(uniqueEmail(testInfo, 'staff'));
  await seen(page.getByLabel('Password', { exact: true })).fill(password);
  await seen(page.getByLabel('Confirm password')).fill(password);
  await clickAndSee(page.getByRole('button', { name: 'Create account' }), toast(page, 'Account created'));
  await inView(page.getByText(/can now sign in to the back office as staff/));
  await screenshot(page, testInfo, 'registeradmin');

  await seen(page.getByRole('button', { name: 'Sign out' })).click();
  await expect(page).toHaveURL(/\/adminlogin$/);
  await page.goto('/registeradmin');
  await expect(page).toHaveURL(/\/adminlogin\?next=%2Fregisteradmin$/);
});
