import { randomUUID } from 'node:crypto';
import { expect } from '@playwright/test';
import { test } from './fixtures';
import { backOfficeToken, call, inView, openBackOffice, screenshot, shopperWithCart } from './stack';

// The refund of a cash-on-delivery return, staff's side, against the whole running stack: a
// shopper's delivered COD order, a return asked with a bank account (through the API) and
// approved. On the back office's order page the returns panel shows the account masked; staff
// mark the parcel received, try to fail QC without a reason (refused, said at the field),
// pass QC (the refund appears), try a payout reference the server refuses, and record a good
// one: the request is Refunded with its reference.

test('staff receive a COD return, pass QC and record its payout from the order page', { tag: '@desktop' }, async ({ page, request }, testInfo) => {
  test.setTimeout(120_000);
  const staff = await backOfficeToken(request);
  const { shopper, address } = await shopperWithCart(request, testInfo);
  const placed = await call<{ _id: string; orderId: string }>(request, 'POST', '/api/createOrder', shopper.token, { paymentMode: 'cod', address }, {
    'Idempotency-Key': randomUUID(),
  });
  for (const status of ['NEW', 'DELIVERED']) {
    await call(request, 'POST', '/api/orderStatus', staff, { id: placed.data._id, orderStatus: status, note: 'Handed over at the door' });
  }
  const asked = await call<{ _id: string; returnId: string }>(request, 'POST', `/api/orders/${placed.data.orderId}/returns`, shopper.token, {
    kind: 'return',
    lines: [{ item: 0, quantity: 1 }],
    reason: 'changed_mind',
    payout: { ifsc: 'hdfc0001234', account: '5010 0123 456789' },
  });
  await call(request, 'POST', `/api/admin/returns/${asked.data._id}/approve`, staff, { note: 'Pack it with the tags on' });

  await openBackOffice(page, { at: `/admin/orders/${placed.data._id}` });
  const panel = page.getByRole('region', { name: 'Returns and exchanges' });
  const card = panel.getByRole('listitem', { name: `Request ${asked.data.returnId}` });
  const status = card.getByTestId('return-status');
  await inView(status, { timeout: 45_000 }); // the order page's chunks load slowly on a busy machine
  await expect(status).toHaveText('Approved');
  const refund = card.getByTestId('return-refund');
  await inView(refund);
  await expect(refund).toContainText('A/c ****6789 · HDFC0001234');
  await expect(page.getByText('50100123456789')).toHaveCount(0);

  const received = card.getByRole('button', { name: 'Mark received' });
  await inView(received);
  await received.click();
  await expect(status).toHaveText('Received');

  const fail = card.getByRole('button', { name: 'QC failed…' });
  await inView(fail);
  await fail.click();
  const confirmFail = card.getByRole('button', { name: 'Confirm QC failed' });
  await inView(confirmFail);
  await confirmFail.click();
  const why = card.getByLabel('Why it failed (the shopper reads it)');
  await inView(card.getByText('Say why the quality check failed: the shopper reads it'));
  await expect(why).toHaveAttribute('aria-invalid', 'true');
  await screenshot(page, testInfo, 'return-qc-failed-needs-reason', { fullPage: false });
  const cancel = card.getByRole('button', { name: 'Cancel' });
  await inView(cancel);
  await cancel.click();

  const pass = card.getByRole('button', { name: 'QC passed' });
  await inView(pass);
  await pass.click();
  await expect(status).toHaveText('Quality check passed');
  await inView(refund);
  await expect(refund).toContainText('Refund');
  await expect(refund).toContainText('Credit note');

  const payout = card.getByRole('button', { name: 'Record payout…' });
  await inView(payout);
  await payout.click();
  const reference = card.getByLabel('Reference (UTR or UPI transaction id)');
  await inView(reference);
  await reference.fill('UTR 42');
  const record = card.getByRole('button', { name: 'Record payout', exact: true });
  await inView(record);
  await record.click();
  await inView(card.getByText("Enter the payment's reference (UTR or UPI transaction id)").first());
  await screenshot(page, testInfo, 'return-payout-refused', { fullPage: false });
  await reference.fill('HDFCN52026112600042');
  await record.click();
  await expect(status).toHaveText('Refunded');
  await inView(refund);
  await expect(refund).toContainText('HDFCN52026112600042');
  await screenshot(page, testInfo, 'return-payout-recorded', { fullPage: false });
});
