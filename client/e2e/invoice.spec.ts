import { randomUUID } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { expect, type Page } from '@playwright/test';
import { test } from './fixtures';
import { backOfficeToken, call, inView, openBackOffice, screenshot, seen, shopperPage, shopperWithCart, keepShopperSignedIn } from './stack';

// The GST tax invoice against the whole running stack: a shopper's cash-on-delivery order is
// handed to the courier by staff (through the API, as the back office does); on /user/orders the
// shopper sees "Download invoice" on it, clicks it and receives the PDF, named after the invoice
// number. Its text, read with pdf.js, holds the invoice number, the shop's GSTIN, the piece's HSN
// code, the tax split (a Chennai delivery from the Rajasthan shop: IGST, no CGST or SGST) and the
// total. Page 1 is drawn by pdf.js in the browser and kept as a screenshot.

interface Invoice {
  number: string;
  supplierGstin: string;
  placeOfSupply: { state: string; code: string };
  lines: { hsn: string }[];
  totals: { cgst: number; sgst: number; igst: number; total: number };
}

const require = createRequire(import.meta.url);
const pdfjsBuild = require.resolve('pdfjs-dist/build/pdf.mjs').replace(/pdf\.mjs$/, '');

/** The text of every page of the PDF `data`, as pdf.js extracts it, with its whitespace made single spaces. */
async function pdfText(data: Uint8Array): Promise<string> {
  const { getDocument } = await import('pdfjs-dist/legacy/build/pdf.mjs');
  const doc = await getDocument({ data: data.slice(), isEvalSupported: false }).promise; // pdf.js takes over the buffer it is given
  const words: string[] = [];
  for (let n = 1; n <= doc.numPages; n++) {
    const content = await (await doc.getPage(n)).getTextContent();
    for (const item of content.items) if ('str' in item) words.push(item.str);
  }
  await doc.destroy();
  return words.join(' ').replace(/\s+/g, ' ');
}

/** A blank page on the shop's origin that draws page 1 of a PDF with pdf.js onto its canvas (window.drawPdf). */
const pdfPage = `<!doctype html><title>Invoice page 1</title>
<body style="margin:0;padding:16px;background:#8a8a8a"><canvas aria-label="Invoice page 1" style="display:block;margin:auto;box-shadow:0 2px 12px #0005"></canvas>
<script type="module">
import * as pdfjs from '/e2e-pdfjs/pdf.mjs';
pdfjs.GlobalWorkerOptions.workerSrc = '/e2e-pdfjs/pdf.worker.mjs';
window.drawPdf = async (bytes) => {
  const doc = await pdfjs.getDocument({ data: new Uint8Array(bytes) }).promise;
  const first = await doc.getPage(1);
  const width = Math.min(window.innerWidth - 32, 900);
  const viewport = first.getViewport({ scale: (width / first.getViewport({ scale: 1 }).width) * window.devicePixelRatio });
  const canvas = document.querySelector('canvas');
  canvas.width = viewport.width;
  canvas.height = viewport.height;
  canvas.style.width = (viewport.width / window.devicePixelRatio) + 'px';
  await first.render({ canvas, canvasContext: canvas.getContext('2d'), viewport }).promise;
  canvas.dataset.drawn = 'yes';
};
document.body.dataset.ready = 'yes';
</script>`;

/** Draws page 1 of the PDF `data` with pdf.js in the browser (pdfPage); the canvas. */
async function drawFirstPage(page: Page, data: Uint8Array) {
  await page.route('**/e2e-pdfjs/*', (route) =>
    route.fulfill({ path: pdfjsBuild + new URL(route.request().url()).pathname.split('/').pop()!, contentType: 'text/javascript' }),
  );
  await page.route('**/e2e-invoice-page', (route) => route.fulfill({ contentType: 'text/html', body: pdfPage }));
  await page.goto('/e2e-invoice-page');
  await expect(page.locator('body')).toHaveAttribute('data-ready', 'yes');
  await page.evaluate((bytes) => (window as unknown as { drawPdf: (bytes: number[]) => Promise<void> }).drawPdf(bytes), Array.from(data));
  const canvas = page.getByLabel('Invoice page 1');
  await expect(canvas).toHaveAttribute('data-drawn', 'yes');
  return canvas;
}

test('a shopper downloads the tax invoice of a shipped order from /user/orders', { tag: '@phone' }, async ({ page, request }, testInfo) => {
  test.setTimeout(90_000);
  const { shopper, address } = await shopperWithCart(request, testInfo);
  const placed = await call<{ _id: string; orderId: string }>(request, 'POST', '/api/createOrder', shopper.token, { paymentMode: 'cod', address }, {
    'Idempotency-Key': randomUUID(),
  });
  const staff = await backOfficeToken(request);
  await call(request, 'POST', '/api/orderStatus', staff, { id: placed.data._id, orderStatus: 'SHIPPED', note: 'Handed to the courier' });
  const { data: order } = await call<{ invoice: Invoice | null }>(request, 'GET', `/api/orders/${placed.data.orderId}`, shopper.token);
  const invoice = order.invoice!;
  expect(invoice, 'the order has its invoice once shipped').toBeTruthy();

  await keepShopperSignedIn(page, shopper);
  await page.goto('/user/orders');
  const card = page.getByRole('article', { name: placed.data.orderId });
  const link = card.getByRole('link', { name: `Download invoice ${invoice.number} for order ${placed.data.orderId}` });
  await inView(link);
  await screenshot(page, testInfo, 'orders-invoice-link', { fullPage: false });

  const downloading = page.waitForEvent('download');
  await seen(link).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toBe(`${invoice.number.replaceAll('/', '-')}.pdf`);
  const pdf = new Uint8Array(await readFile((await download.path())!));
  expect(new TextDecoder().decode(pdf.slice(0, 5))).toBe('%PDF-');

  const text = await pdfText(pdf);
  const total = invoice.totals.total.toLocaleString('en-IN', { minimumFractionDigits: 2, maximumFractionDigits: 2 });
  for (const expected of [
    `Invoice number ${invoice.number}`,
    `GSTIN ${invoice.supplierGstin}`,
    invoice.lines[0]!.hsn,
    `Place of supply ${invoice.placeOfSupply.state} (${invoice.placeOfSupply.code})`,
    'IGST',
    `Invoice total ₹${total}`,
  ]) {
    expect(text, `the PDF's text holds ${expected}`).toContain(expected);
  }
  expect(invoice.placeOfSupply.code).toBe('33');
  expect(invoice.totals.igst).toBeGreaterThan(0);
  expect(text).not.toContain('CGST');
  expect(text).not.toContain('SGST');

  const canvas = await drawFirstPage(page, pdf);
  await inView(canvas);
  await screenshot(page, testInfo, 'invoice-pdf-page1');
});

test('staff download the same invoice from the order page of the back office', { tag: '@desktop' }, async ({ page, request }, testInfo) => {
  test.setTimeout(60_000);
  const { shopper, address } = await shopperWithCart(request, testInfo);
  const placed = await call<{ _id: string; orderId: string }>(request, 'POST', '/api/createOrder', shopper.token, { paymentMode: 'cod', address }, {
    'Idempotency-Key': randomUUID(),
  });
  await openBackOffice(page, { at: `/admin/orders/${placed.data._id}` });
  await inView(page.getByRole('heading', { name: placed.data.orderId }));
  await expect(page.getByRole('link', { name: /Download invoice/ }), 'no invoice before hand-over').toHaveCount(0);

  const staff = await backOfficeToken(request);
  await call(request, 'POST', '/api/orderStatus', staff, { id: placed.data._id, orderStatus: 'SHIPPED', note: 'Handed to the courier' });
  const { data: order } = await call<{ invoice: Invoice }>(request, 'GET', `/api/orders/${placed.data.orderId}`, shopper.token);
  const link = page.getByRole('link', { name: `Download invoice ${order.invoice.number} for order ${placed.data.orderId}` });
  await inView(link, { timeout: 15_000 });
  await screenshot(page, testInfo, 'admin-order-invoice', { fullPage: false });
  const downloading = page.waitForEvent('download');
  await seen(link).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toBe(`${order.invoice.number.replaceAll('/', '-')}.pdf`);
  expect(await pdfText(new Uint8Array(await readFile((await download.path())!)))).toContain(`Invoice number ${order.invoice.number}`);
});

test('the credit note of an order back at the shop is listed and downloaded on /user/orders and in the back office', { tag: '@desktop' }, async ({ browser, page, request }, testInfo) => {
  test.setTimeout(90_000);
  const { shopper, address } = await shopperWithCart(request, testInfo);
  const placed = await call<{ _id: string; orderId: string }>(request, 'POST', '/api/createOrder', shopper.token, { paymentMode: 'cod', address }, {
    'Idempotency-Key': randomUUID(),
  });
  const staff = await backOfficeToken(request);
  for (const orderStatus of ['SHIPPED', 'RTO_INITIATED', 'RTO_DELIVERED']) {
    await call(request, 'POST', '/api/orderStatus', staff, { id: placed.data._id, orderStatus, note: 'Refused at the door' });
  }
  const { data: order } = await call<{ invoice: Invoice & { creditNotes: { number: string; totals: { total: number } }[] } }>(
    request,
    'GET',
    `/api/orders/${placed.data.orderId}`,
    shopper.token,
  );
  const note = order.invoice.creditNotes[0]!;
  const credited = note.totals.total.toLocaleString('en-IN', { minimumFractionDigits: 2, maximumFractionDigits: 2 });

  const shopperTab = await shopperPage(browser, testInfo, shopper);
  await shopperTab.goto('/user/orders');
  const notes = shopperTab.getByRole('article', { name: placed.data.orderId }).getByRole('list', { name: `Credit notes against invoice ${order.invoice.number}` });
  await inView(notes);
  await expect(notes).toContainText(`Credit note ${note.number}`);
  const link = notes.getByRole('link', { name: `Download credit note ${note.number} for order ${placed.data.orderId}` });
  await inView(link);
  await screenshot(shopperTab, testInfo, 'orders-credit-note', { fullPage: false });
  const downloading = shopperTab.waitForEvent('download');
  await seen(link).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toBe(`${note.number.replaceAll('/', '-')}.pdf`);
  const pdf = new Uint8Array(await readFile((await download.path())!));
  const text = await pdfText(pdf);
  for (const expected of ['CREDIT NOTE', `Credit note number ${note.number}`, `Against invoice ${order.invoice.number}`, `Total credited ₹${credited}`]) {
    expect(text, `the PDF's text holds ${expected}`).toContain(expected);
  }
  const canvas = await drawFirstPage(shopperTab, pdf);
  await inView(canvas);
  await screenshot(shopperTab, testInfo, 'credit-note-pdf-page1');
  await shopperTab.context().close();

  await openBackOffice(page, { at: `/admin/orders/${placed.data._id}` });
  const section = page.getByRole('region', { name: 'Credit notes' });
  await inView(section);
  const adminLink = section.getByRole('link', { name: `Download credit note ${note.number} for order ${placed.data.orderId}` });
  await inView(adminLink);
  await screenshot(page, testInfo, 'admin-order-credit-note', { fullPage: false });
  const adminDownloading = page.waitForEvent('download');
  await seen(adminLink).click();
  expect((await adminDownloading).suggestedFilename()).toBe(`${note.number.replaceAll('/', '-')}.pdf`);
});
