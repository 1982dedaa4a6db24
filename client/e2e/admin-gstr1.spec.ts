import { randomUUID } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { expect } from '@playwright/test';
import { test } from './fixtures';
import { backOfficeToken, call, inView, openBackOffice, screenshot, seen, shopperWithCart } from './stack';

// The analytics screen's GST returns card: an admin picks this month and downloads its B2C
// small section, which holds the inter-state order just handed to the courier (Tamil Nadu,
// 5%), in the GST offline tool's columns.

test('an admin downloads a month of GSTR-1 B2C small as CSV from the analytics screen', { tag: '@desktop' }, async ({ page, request }, testInfo) => {
  test.setTimeout(60_000);
  const { shopper, address } = await shopperWithCart(request, testInfo);
  const placed = await call<{ _id: string }>(request, 'POST', '/api/createOrder', shopper.token, { paymentMode: 'cod', address }, {
    'Idempotency-Key': randomUUID(),
  });
  const admin = await backOfficeToken(request);
  await call(request, 'POST', '/api/orderStatus', admin, { id: placed.data._id, orderStatus: 'SHIPPED', note: 'Handed to the courier' });

  await openBackOffice(page, { at: '/admin/analytics' });
  await inView(page.getByRole('heading', { level: 1, name: 'Analytics' }));
  const card = page.getByRole('region', { name: 'GST returns (GSTR-1)' });
  await inView(card);
  const month = new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Kolkata', year: 'numeric', month: '2-digit' }).format(new Date()).slice(0, 7);
  await seen(card.getByLabel('Month')).fill(month);
  await expect(card.getByLabel('Month')).toHaveValue(month);

  const downloaded = page.waitForEvent('download');
  await seen(card.getByRole('button', { name: /B2C small/ })).click();
  const file = await downloaded;
  expect(file.suggestedFilename()).toBe(`gstr1-${month}-b2cs.csv`);
  const lines = (await readFile((await file.path())!, 'utf8')).trim().split('\n');
  expect(lines[0]).toBe('Type,Place Of Supply,Applicable % of Tax Rate,Rate,Taxable Value,Cess Amount,E-Commerce GSTIN');
  expect(lines.slice(1)).toContainEqual(expect.stringMatching(/^OE,33-Tamil Nadu,,5,\d+\.\d{2},,$/));
  await inView(card.getByRole('button', { name: 'Download all (.zip)' }));
  await screenshot(page, testInfo, 'admin-gstr1', { fullPage: false });
});
