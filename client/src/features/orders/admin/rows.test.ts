// @vitest-environment node
import { describe, expect, it } from 'vitest';
import {
  adminPayment,
  adminStatusLabel,
  adminStatusTone,
  canRefund,
  nextStatusesOf,
  patchOrderRow,
  readOrderEvent,
  replaceOrderRow,
  toAdminOrder,
  toAdminOrderPage,
} from './rows';
import { anAdminOrder } from '../../../test/adminOrderFixtures';
import type { AdminOrderPage } from './types';

describe('toAdminOrder', () => {
  it('reads the customer, the courier side and the next statuses from SPEC §3 admin order view', () => {
    const order = toAdminOrder(anAdminOrder({ shiprocket: { awb: '19123', courierName: 'Delhivery Surface' } }));
    expect(order.customer).toEqual({
      name: 'Meera Shah',
      email: 'meera@example.com',
      phone: '9876543210',
      city: 'Jaipur',
      address: '14 Civil Lines, Jaipur, Rajasthan, 302006',
    });
    expect(order.shipment).toMatchObject({ awb: '19123', courierName: 'Delhivery Surface' });
    expect(order.nextStatuses).toEqual(['CONFIRMED', 'NEW', 'CANCELED']);
    expect(order.items[0]).toMatchObject({ productName: 'Sky Blue Linen Shirt', quantity: 1, total: 2399 });
  });

  it('names the account that ordered when the billing has no name', () => {
    const order = toAdminOrder(anAdminOrder({ orderObj: { cartData: [], orderData: {} } }));
    expect(order.customer).toMatchObject({ name: 'Meera', email: 'meera@example.com', address: '' });
    expect(order.items).toEqual([]);
  });

  it('copes with missing parts', () => {
    const order = toAdminOrder({ _id: 'x' });
    expect(order).toMatchObject({ orderId: 'x', orderStatus: '', items: [], nextStatuses: [], notaddorder: false });
    expect(toAdminOrderPage(null)).toEqual({ items: [], page: 1, totalPages: 0, total: 0 });
  });
});

describe('status badge (SPEC §4)', () => {
  it('is green when delivered, red when cancelled, yellow otherwise', () => {
    expect(adminStatusTone('DELIVERED')).toBe('success');
    expect(adminStatusTone('CANCELED')).toBe('danger');
    for (const status of ['PENDING', 'NEW', 'SHIPPED', 'OUT_FOR_DELIVERY', 'RTO_INITIATED', 'RETURNED', '']) {
      expect(adminStatusTone(status)).toBe('waiting');
    }
  });

  it("reads 'N/A' without a status", () => {
    expect(adminStatusLabel('')).toBe('N/A');
    expect(adminStatusLabel('NEW')).toBe('Processing');
    expect(adminStatusLabel('DELIVERED')).toBe('Delivered');
  });
});

describe('payment and refunds', () => {
  it('says the mode and state', () => {
    expect(adminPayment('cod', 'unpaid')).toEqual({ mode: 'COD', state: 'Unpaid', tone: 'neutral' });
    expect(adminPayment('online', 'success')).toEqual({ mode: 'Online', state: 'Paid', tone: 'success' });
    expect(adminPayment('online', 'refund_pending').state).toBe('Refund pending');
  });

  it('offers a refund only for a paid online order', () => {
    expect(canRefund({ paymentMode: 'online', paymentStatus: 'success' })).toBe(true);
    expect(canRefund({ paymentMode: 'online', paymentStatus: 'refund_pending' })).toBe(false);
    expect(canRefund({ paymentMode: 'cod', paymentStatus: 'success' })).toBe(false);
  });
});

describe('patching rows from events', () => {
  const page = (): AdminOrderPage => toAdminOrderPage({ items: [anAdminOrder(), anAdminOrder({ _id: 'other', orderId: 'DRP2' })], page: 1, totalPages: 1, total: 2 });

  it('reads an event', () => {
    expect(readOrderEvent({ orderId: 'DRP1', _id: 'a', orderStatus: 'NEW', paymentStatus: 'unpaid', paymentMode: 'cod', amount: 10 })).toEqual({
      _id: 'a',
      orderId: 'DRP1',
      orderStatus: 'NEW',
      paymentStatus: 'unpaid',
      paymentMode: 'cod',
      amount: 10,
    });
    expect(readOrderEvent({ orderId: 'DRP1' })).toBeNull();
  });

  it("moves the row's status, its next steps and payment, and nothing else", () => {
    const draft = page();
    const untouched = draft.items[1];
    expect(patchOrderRow(draft, { _id: '6b049f5594cc005de786b0b3', orderId: 'DRP1', orderStatus: 'SHIPPED', paymentStatus: 'unpaid' })).toBe(true);
    expect(draft.items[0]).toMatchObject({ orderStatus: 'SHIPPED', nextStatuses: nextStatusesOf('SHIPPED') });
    expect(draft.items[0]!.nextStatuses).toEqual(['IN_TRANSIT', 'OUT_FOR_DELIVERY', 'DELIVERED', 'RTO_INITIATED']);
    expect(draft.items[1]).toBe(untouched);
  });

  it("clears 'Not Added on Shiprocket' once the courier has the order", () => {
    const draft = toAdminOrderPage({ items: [anAdminOrder({ notaddorder: true })] });
    patchOrderRow(draft, { _id: '6b049f5594cc005de786b0b3', orderId: 'DRP1', orderStatus: 'PENDING' });
    expect(draft.items[0]!.notaddorder).toBe(true);
    patchOrderRow(draft, { _id: '6b049f5594cc005de786b0b3', orderId: 'DRP1', orderStatus: 'NEW' });
    expect(draft.items[0]!.notaddorder).toBe(false);
  });

  it('says when the page does not hold the order', () => {
    expect(patchOrderRow(page(), { _id: 'elsewhere', orderId: 'DRP9', orderStatus: 'NEW' })).toBe(false);
  });

  it("replaces a row with a staff action's answer", () => {
    const draft = page();
    const answer = toAdminOrder(anAdminOrder({ orderStatus: 'CONFIRMED', nextStatuses: ['NEW'] }));
    expect(replaceOrderRow(draft, answer)).toBe(true);
    expect(draft.items[0]).toEqual(answer);
  });
});
