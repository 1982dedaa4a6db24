// Drives sim's Google sign-in through headless Chromium for TestGoogleSignInInBrowser.
// Environment: PLAYWRIGHT_CORE (path of the playwright-core package), CHROMIUM (browser
// binary), SHOP_URL (a page that loads /google/gsi/client and renders the button),
// SCREENSHOT_DIR (where to keep screenshots). Prints one JSON object of results.
const path = require('path');
const { chromium } = require(process.env.PLAYWRIGHT_CORE);

const shopURL = process.env.SHOP_URL;
const shots = process.env.SCREENSHOT_DIR;
const timeout = 15000;

async function credentialShown(page) {
  const result = page.locator('#result');
  await result.filter({ hasText: 'credential' }).waitFor({ timeout });
  const response = JSON.parse(await result.textContent());
  await page.evaluate(() => { document.getElementById('result').textContent = ''; });
  return response;
}

async function closed(popup) {
  if (!popup.isClosed()) {
    await popup.waitForEvent('close', { timeout });
  }
  return popup.isClosed();
}

(async () => {
  const browser = await chromium.launch({ executablePath: process.env.CHROMIUM, headless: true });
  const results = {};
  try {
    // Popup flow: click the rendered button, pick a preset account.
    const page = await browser.newPage();
    await page.goto(shopURL);
    const button = page.getByRole('button', { name: 'Sign in with Google' });
    await button.waitFor({ timeout });
    results.button = await button.evaluate((element) => {
      const style = getComputedStyle(element);
      return { background: style.backgroundColor, height: element.offsetHeight, width: element.offsetWidth, svg: element.querySelectorAll('svg path').length };
    });
    await page.screenshot({ path: path.join(shots, 'shop-button.png') });
    const [popup] = await Promise.all([page.waitForEvent('popup', { timeout }), button.click()]);
    await popup.getByRole('button', { name: 'aarav.sharma@gmail.example' }).waitFor({ timeout });
    results.popupURL = popup.url();
    await popup.screenshot({ path: path.join(shots, 'chooser-popup.png') });
    await popup.getByRole('button', { name: 'aarav.sharma@gmail.example' }).click();
    results.popupResponse = await credentialShown(page);
    results.popupClosed = await closed(popup);

    // Keyboard only: open with Enter, type an unverified account, submit with Enter.
    await button.focus();
    const [typed] = await Promise.all([page.waitForEvent('popup', { timeout }), page.keyboard.press('Enter')]);
    await typed.getByLabel('E-mail verified').uncheck();
    await typed.getByLabel('Email', { exact: true }).fill('Nisha.Rao@example.com');
    await typed.getByLabel('Full name').fill('Nisha Rao');
    await typed.getByLabel('Full name').press('Enter').catch((error) => {
      // Submitting ends the popup: it may close before the key press reports back.
      if (!typed.isClosed()) throw error;
    });
    results.typedResponse = await credentialShown(page);
    results.typedClosed = await closed(typed);

    // Popups blocked: prompt() falls back to a modal iframe of the same chooser.
    const blocked = await browser.newPage();
    await blocked.addInitScript(() => { window.open = () => null; });
    await blocked.goto(shopURL);
    await blocked.getByRole('button', { name: 'Sign in with Google' }).waitFor({ timeout });
    const openPrompt = () => blocked.evaluate(() => google.accounts.id.prompt((notification) => {
      window.moments.push(notification.getMomentType() + ':' + (notification.getDismissedReason() || notification.getSkippedReason() || ''));
    }));
    await openPrompt();
    const frame = blocked.frameLocator('iframe[title="Sign in with Google"]');
    await frame.getByRole('button', { name: 'meera.iyer@gmail.example' }).waitFor({ timeout });
    await blocked.screenshot({ path: path.join(shots, 'chooser-modal.png') });
    await frame.getByRole('button', { name: 'meera.iyer@gmail.example' }).click();
    results.modalResponse = await credentialShown(blocked);
    results.modalFramesLeft = await blocked.locator('iframe').count();

    await openPrompt();
    await frame.getByRole('button', { name: 'Cancel' }).click();
    await blocked.locator('iframe').waitFor({ state: 'detached', timeout });
    results.moments = await blocked.evaluate(() => window.moments);
    results.resultAfterCancel = await blocked.locator('#result').textContent();
  } finally {
    await browser.close();
  }
  process.stdout.write(JSON.stringify(results));
})().catch((error) => {
  console.error(error);
  process.exit(1);
});
