import { expect } from '@playwright/test';
import { test } from './fixtures';
import { backOfficeToken, call, inView, screenshot, seen, keepShopperSignedIn, shopperWithCart } from './stack';

// A business purchase, against the whole running stack: a shopper opens 'Add GST details for
// business purchase' at checkout, gives a GSTIN whose check character is wrong (the server's
// message appears at the field, nothing is placed), corrects it, and places the order cash on
// delivery; the thank-you page names the business; the order carries its GSTIN and name, and
// once staff hand it to the courier its tax invoice is made out to the business
// (invoice.recipientGstin), with the place of supply the delivery state (Tamil Nadu), not the
// business's (Maharashtra). At 1280 px (@desktop): a business buys at a desk, and the checkout's
// layout at both widths is checkout.spec's and checkout-layout.spec's.

const badCheck = "This GSTIN's check character is wrong: check it for a typing mistake";

test('a shopper buys for their business with its GSTIN, and its tax invoice carries it', { tag: '@desktop' }, async ({ page, request }, testInfo) => {
  test.setTimeout(60_000);
  const { shopper } = await shopperWithCart(request, testInfo);
  await keepShopperSignedIn(page, shopper);
  await page.goto('/checkout');
  await inView(page.getByRole('heading', { level: 1, name: 'Checkout' }));

  const toggle = page.getByRole('button', { name: /Add GST details for business purchase/ });
  await expect(toggle).toHaveAttribute('aria-expanded', 'false');
  await expect(page.getByLabel('Business GSTIN')).toBeHidden();
  await seen(toggle).click();
  await expect(toggle).toHaveAttribute('aria-expanded', 'true');

  const gstin = page.getByLabel('Business GSTIN');
  await seen(gstin).fill('27aapfu0939f1zw');
  await expect(gstin).toHaveValue('27AAPFU0939F1ZW');
  await seen(page.getByLabel('Business name')).fill('Acme Traders');
  const pay = page.getByRole('button', { name: /^Make Payment/ });
  await expect(pay).toBeEnabled();
  await seen(pay).click();
  // The shape is right; the server finds the check character wrong and says so at the field.
  const fieldError = page.getByRole('region', { name: /Add GST details/ }).getByText(badCheck);
  await inView(fieldError);
  await expect(gstin).toHaveAccessibleDescription(badCheck);
  await expect(gstin).toBeFocused();
  await expect(page).toHaveURL(/\/checkout$/);
  await screenshot(page, testInfo, 'checkout-business-refused', { fullPage: false });

  await seen(gstin).fill('27AAPFU0939F1ZV');
  await expect(fieldError).toBeHidden();
  await screenshot(page, testInfo, 'checkout-business-open', { fullPage: false });
  await seen(pay).click();

  await expect(page).toHaveURL(/\/thankyou$/);
  const thanks = page.getByText(/GST invoice will be made out to/);
  await inView(thanks);
  await expect(thanks).toContainText('Acme Traders');
  await expect(thanks).toContainText('27AAPFU0939F1ZV');
  const orderId = (await page.getByText('Order number').locator('strong').textContent())!.trim();
  await screenshot(page, testInfo, 'checkout-business-thanks', { fullPage: false });

  type Order = { businessGstin?: string; businessName?: string; invoice: null | { recipientGstin?: string; placeOfSupply: { code: string } } };
  const placed = await call<Order>(request, 'GET', `/api/orders/${orderId}`, shopper.token);
  expect(placed.data).toMatchObject({ businessGstin: '27AAPFU0939F1ZV', businessName: 'Acme Traders', invoice: null });

  // Staff hand it to the courier: its tax invoice is issued, made out to the business.
  const staff = await backOfficeToken(request);
  await call(request, 'POST', '/api/orderStatus', staff, { id: orderId, orderStatus: 'SHIPPED' });
  const shipped = await call<Order>(request, 'GET', `/api/orders/${orderId}`, shopper.token);
  expect(shipped.data.invoice).toMatchObject({ recipientGstin: '27AAPFU0939F1ZV', placeOfSupply: { code: '33' } });
});
