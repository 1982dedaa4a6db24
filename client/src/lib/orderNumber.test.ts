// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { orderLabel } from './orderNumber';

describe('orderLabel', () => {
  it('reads the short number after a #', () => {
    expect(orderLabel({ orderId: 'DRP1795610244932YN3C6FRKTP', orderNumber: '1042' })).toBe('#1042');
    expect(orderLabel({ orderId: 'DRP1795610244932YN3C6FRKTP-X1', orderNumber: '1042-X1' })).toBe('#1042-X1');
  });
  it('falls back to the order number when there is no short one', () => {
    expect(orderLabel({ orderId: 'DRP1795610244932YN3C6FRKTP' })).toBe('DRP1795610244932YN3C6FRKTP');
  });
});
