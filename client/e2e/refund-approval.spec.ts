// Only an admin's action starts a refund: a staff member cancels a paid online order on its page,
// which only requests the refund (the page says nothing has been refunded yet); an admin opens
// the same page, sees the request with who asked and why, and confirms it, which starts the
// refund at Razorpay.
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { expect, type APIRequestContext } from '@playwright/test';
import { test } from './fixtures';
import { backOfficeToken, call, clickAndSee, inView, openBackOffice, screenshot, shopperWithCart, signInToBackOffice, signOutOfBackOffice } from './stack';

/** sim's HTTP address: SIM_URL, else the last "sim listening http=…" line of RUN_NAME's sim log. */
function simUrl(): string {
  if (process.env.SIM_URL) return process.env.SIM_URL.replace(/\/$/, '');
  const log = fileURLToPath(new URL(`../../.data/${process.env.RUN_NAME ?? 'run'}/logs/sim.log`, import.meta.url));
  const address = readFileSync(log, 'utf8').match(/sim listening http=(\S+)/g)?.at(-1)?.split('http=')[1];
  if (!address) throw new Error(`no "sim listening" line in ${log}; set SIM_URL`);
  return `http://${address}`;
}

/** An online order the shopper paid through sim's Razorpay: its id and number. */
async function paidOrder(request: APIRequestContext, token: string, address: string) {
  const started = await call<{ orderId: string; razorpayOrderId: string; key: string; order: { _id: string } }>(
    request,
    'POST',
    '/api/payments/razorpay/order',
    token,
    { address },
  );
  const paid = await request.post(`${simUrl()}/razorpay/checkout/pay`, {
    data: { order_id: started.data.razorpayOrderId, key_id: started.data.key, outcome: 'success' },
  });
  expect(paid.ok()).toBe(true);
  const proof = (await paid.json()) as Record<string, string>;
  await call(request, 'POST', '/api/createOrder', token, { paymentMode: 'online', orderId: started.data.orderId, ...proof });
  return { id: started.data.order._id, number: started.data.orderId };
}

test('staff cancel a paid order, which requests its refund; an admin confirms it on the order page', { tag: '@desktop' }, async ({ page, request }, testInfo) => {
  test.setTimeout(90_000);
  await page.setViewportSize({ width: 1280, height: 900 });
  const { shopper, address } = await shopperWithCart(request, testInfo);
  const order = await paidOrder(request, shopper.token, address);
  const adminToken = await backOfficeToken(request);
  const staff = { email: `refund-staff-${testInfo.project.name}-${Date.now()}@drape.local`, password: 'staff-refunds-2026' };
  const created = await call<{ _id: string }>(request, 'POST', '/api/admin/register', adminToken, { firstName: 'Neha', ...staff, role: 'staff' });

  // Staff cancel it from the order page.
  await signInToBackOffice(page, staff);
  await page.goto(`/admin/orders/${order.id}`);
  const heading = page.getByRole('heading', { level: 1, name: order.number });
  // The back office's order page arrives with its code: up to 20 s on a loaded machine.
  await inView(heading);
  const changeStatus = page.getByRole('button', { name: 'Change status' });
  await expect(changeStatus).toBeInViewport();
  await changeStatus.click();
  const dialog = page.getByRole('dialog', { name: 'Change status' });
  await expect(dialog).toBeInViewport();
  const cancelled = dialog.getByRole('radio', { name: /Cancelled/ });
  await expect(cancelled).toBeInViewport();
  await cancelled.check();
  const note = dialog.getByRole('textbox', { name: /Note/ });
  await expect(note).toBeInViewport();
  await note.fill('Customer phoned: wedding postponed');
  const save = dialog.getByRole('button', { name: 'Save status' });
  await expect(save).toBeInViewport();
  await save.click();
  await expect(dialog).toBeHidden();
  await expect(page.getByTestId('order-status')).toHaveText('Cancelled');

  // Staff see the request, and no button to confirm it.
  const request1 = page.getByTestId('refund-request');
  await expect(request1).toBeInViewport();
  await expect(request1).toContainText('Refund of');
  await expect(request1).toContainText('Customer phoned: wedding postponed');
  await expect(request1).toContainText('An admin must confirm it');
  await expect(request1.getByRole('button', { name: 'Confirm refund' })).toHaveCount(0);
  await screenshot(page, testInfo, 'refund-requested-staff', { fullPage: false });
  const detail = await call<{ refund: { status: string }; order: { paymentStatus: string } }>(request, 'GET', `/api/admin/orders/${order.id}`, adminToken);
  expect(detail.data.refund.status).toBe('requested');
  expect(detail.data.order.paymentStatus).toBe('success');

  // The admin opens the same page, sees who asked and why, and confirms.
  await signOutOfBackOffice(page);
  await openBackOffice(page, { at: `/admin/orders/${order.id}` });
  await inView(page.getByRole('heading', { level: 1, name: order.number }));
  const pending = page.getByTestId('refund-request');
  await expect(pending).toBeInViewport();
  await expect(pending).toContainText('Staff asked for it');
  await expect(pending).toContainText('Customer phoned: wedding postponed');
  await expect(pending).toContainText('Razorpay refunds the payment once you confirm');
  await screenshot(page, testInfo, 'refund-requested-admin', { fullPage: false });
  const confirm = pending.getByRole('button', { name: 'Confirm refund' });
  await expect(confirm).toBeInViewport();
  await confirm.click();
  const refundDialog = page.getByRole('dialog', { name: /Refund ₹/ });
  await expect(refundDialog).toBeInViewport();
  const refundButton = refundDialog.getByRole('button', { name: /^Refund ₹/ });
  await expect(refundButton).toBeInViewport();
  await clickAndSee(refundButton, page.getByRole('region', { name: 'Notifications' }).getByText(`Refund started for order ${order.number}`));
  await expect(page.getByTestId('refund-request')).toHaveCount(0);
  const refundSection = page.getByRole('region', { name: 'Refund', exact: true });
  await refundSection.scrollIntoViewIfNeeded();
  await expect(refundSection).toBeInViewport();
  await expect(refundSection).toContainText(/Refund pending|Refunded/);
  await screenshot(page, testInfo, 'refund-confirmed-admin', { fullPage: false });

  // Leave the shop as found: the made-up colleague is switched off.
  await call(request, 'POST', `/api/admin/users/${created.data._id}/active`, adminToken, { active: false });
});
