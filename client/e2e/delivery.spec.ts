import { expect } from '@playwright/test';
import { test } from './fixtures';
import { call, inView, screenshot, seen, keepShopperSignedIn, shopperWithCart } from './stack';

// The delivery promise, against the whole running stack (sim playing Shiprocket from the demo
// company's pincode, Jaipur 302001): on a product page a signed-in shopper sees their default
// address's pincode checked at once with a date, checks Leh (prepaid only: no cash on
// delivery) and a pincode the courier does not serve; at checkout, with Leh as the address,
// cash on delivery is greyed out and the page says why. At 1280 and 390 px.

/** 'Delivery by Tue, 1 Dec' for a parcel `days` from today (IST), as the server words it. */
function deliveryBy(days: number) {
  const date = new Date(Date.now() + 5.5 * 3600_000 + days * 86400_000);
  const weekday = date.toLocaleDateString('en-GB', { weekday: 'short', timeZone: 'UTC' });
  const month = date.toLocaleDateString('en-GB', { month: 'short', timeZone: 'UTC' });
  return `Delivery by ${weekday}, ${date.getUTCDate()} ${month}`;
}

test('the product page promises a delivery date for the pincode, and says where COD is not possible', async ({ page, request }, testInfo) => {
  test.setTimeout(60_000);
  const { shopper } = await shopperWithCart(request, testInfo); // default address: Chennai 600018
  const products = await call<{ items: { _id: string }[] }>(request, 'GET', '/api/getproduct?limit=1');
  await keepShopperSignedIn(page, shopper);
  await page.goto(`/api/getproduct/${products.data.items[0]._id}`);

  const box = page.getByRole('region', { name: 'Delivery' });
  const pincode = box.getByLabel('Pincode');
  await inView(pincode);
  await expect(pincode).toHaveValue('600018');
  const answer = box.getByRole('status');
  // Jaipur to Chennai is national (z_d): five days.
  await expect(answer).toContainText(deliveryBy(5));
  await expect(answer).toContainText('Cash on delivery available');
  await inView(answer);
  await screenshot(page, testInfo, 'pincode-check-date', { fullPage: false });

  await seen(pincode).fill('194101');
  await seen(box.getByRole('button', { name: 'Check' })).click();
  await expect(answer).toContainText(deliveryBy(8));
  await expect(answer).toContainText('Cash on delivery is not available here');
  await inView(answer);
  await screenshot(page, testInfo, 'pincode-check-prepaid-only', { fullPage: false });

  await seen(pincode).fill('682555');
  await seen(box.getByRole('button', { name: 'Check' })).click();
  await expect(answer).toContainText('Sorry, we do not deliver to this pincode yet');

  await seen(pincode).fill('1234');
  await seen(box.getByRole('button', { name: 'Check' })).click();
  await expect(answer).toContainText('Enter a 6-digit pincode');

  // The last pincode checked is remembered on this device.
  await seen(pincode).fill('110001');
  await seen(box.getByRole('button', { name: 'Check' })).click();
  await expect(answer).toContainText('Delivery by');
  await page.reload();
  await inView(box.getByLabel('Pincode'));
  await expect(box.getByLabel('Pincode')).toHaveValue('110001');
});

test('checkout says why cash on delivery is not offered to a prepaid-only pincode', async ({ page, request }, testInfo) => {
  test.setTimeout(60_000);
  const { shopper } = await shopperWithCart(request, testInfo);
  await call(request, 'POST', '/api/addAddress', shopper.token, {
    firstName: 'Kavya',
    lastName: 'Iyer',
    email: shopper.email,
    phone: '9812345670',
    address1: '3 Fort Road',
    address2: 'Main Bazaar',
    landmark: '',
    city: 'Leh',
    state: 'Ladakh',
    pincode: '194101',
    type: 'work',
    isDefault: true,
  });
  await keepShopperSignedIn(page, shopper);
  await page.goto('/checkout');
  await inView(page.getByRole('heading', { level: 1, name: 'Checkout' }));
  const why = 'Cash on delivery is not available for pincode 194101. Please pay online.';
  const cod = page.getByRole('radio', { name: /Cash on delivery/ });
  await expect(cod).toBeDisabled();
  await expect(cod).toHaveAccessibleDescription(why);
  await inView(page.getByText(why));
  await expect(page.getByRole('radio', { name: /Pay now/ })).toBeChecked();
  await screenshot(page, testInfo, 'checkout-cod-explained', { fullPage: false });
});
