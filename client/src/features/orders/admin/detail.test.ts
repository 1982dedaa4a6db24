// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { actorLabel, atIST, refundLabel, toAdminOrderDetail } from './detail';

describe('the back office order page', () => {
  const answer = {
    order: {
      _id: 'a'.repeat(24),
      orderId: 'DRP1795610244932YN3C6FRKTP',
      orderStatus: 'SHIPPED',
      paymentMode: 'online',
      paymentStatus: 'refund_pending',
      amount: 1599,
      listTotal: 1999,
      productDiscount: 400,
      couponCode: '',
      shipping: 0,
      paymentId: 'pay_1',
      razorpayOrderId: 'order_1',
      orderObj: {
        cartData: [],
        orderData: { billing_customer_name: 'Meera', billing_last_name: 'Iyer', billing_city: 'Pune', billing_email: 'meera@example.in' },
      },
      timeline: [
        { status: 'PENDING', label: 'Order placed', at: '2026-11-24T08:17:00Z', actor: 'shopper' },
        { status: 'SHIPPED', label: '', from: 'CONFIRMED', at: '2026-11-24T10:00:00Z', actor: 'staff:0123', note: 'Handed to Delhivery' },
      ],
      shiprocket: { orderId: 771, shipmentId: 881, awb: 'SIM123', pushedAt: '2026-11-24T09:00:00Z' },
      nextStatuses: ['IN_TRANSIT'],
      invoice: { number: 'JF/26-27/000007', date: '2026-11-24', lines: [] },
    },
    refund: { status: 'pending', amount: 1599, attempt: 2, reason: 'Too small' },
    paymentEvents: [{ id: 'evt_1', event: 'payment.captured', receivedAt: '2026-11-24T08:18:00Z' }],
    courierReports: [{ status: 'PICKUP SCHEDULED', reportedAt: '2026-11-24T09:30:00Z', applied: false }],
  };

  it('reads every part the page shows', () => {
    const detail = toAdminOrderDetail(answer);
    expect(detail.order.customer.name).toBe('Meera Iyer');
    expect(detail.order.shipment).toMatchObject({ orderId: 771, shipmentId: 881, awb: 'SIM123' });
    expect(detail.timeline[1]).toMatchObject({ status: 'SHIPPED', from: 'CONFIRMED', actor: 'Staff', note: 'Handed to Delhivery' });
    expect(detail.timeline[1]?.label).toBe('Shipped');
    expect(detail.money).toMatchObject({ listTotal: 1999, productDiscount: 400, amount: 1599 });
    expect(detail.payment).toEqual({ paymentId: 'pay_1', gatewayOrderId: 'order_1', error: '' });
    expect(detail.refund).toMatchObject({ status: 'pending', attempt: 2, reason: 'Too small' });
    expect(detail.paymentEvents).toHaveLength(1);
    expect(detail.courierReports[0]).toMatchObject({ status: 'PICKUP SCHEDULED', applied: false });
    expect(detail.invoice).toEqual({ number: 'JF/26-27/000007', creditNotes: [] });
  });

  it('has no refund, events or reports when the server sends none', () => {
    const detail = toAdminOrderDetail({ order: { _id: 'b'.repeat(24) }, refund: null });
    expect(detail.refund).toBeNull();
    expect(detail.paymentEvents).toEqual([]);
    expect(detail.courierReports).toEqual([]);
    expect(detail.timeline).toEqual([]);
    expect(detail.invoice).toBeNull();
  });

  it('names who moved an order', () => {
    expect(actorLabel('staff:0123456789abcdef01234567')).toBe('Staff');
    expect(actorLabel('courier')).toBe('Courier');
    expect(actorLabel('system')).toBe('System');
    expect(actorLabel('')).toBe('');
  });

  it('shows times in Indian time and refunds in words', () => {
    expect(atIST('2026-11-24T08:17:00Z')).toBe('24 Nov 2026, 1:47 pm');
    expect(atIST('')).toBe('—');
    expect(refundLabel('processed')).toBe('Refunded');
    expect(refundLabel('failed')).toBe('Refund failed');
  });
});
