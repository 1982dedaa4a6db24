import { describe, expect, it } from 'vitest';
import { codStandingText } from './CODStandingDialog';
import type { CODStanding } from '../types';

const standing = (over: Partial<CODStanding>): CODStanding => ({
  userId: '0123456789abcdef01234567',
  rtoOrders: 0,
  rtoLimit: 2,
  override: null,
  note: '',
  allowed: true,
  ...over,
});

describe('codStandingText', () => {
  it('counts the returned orders against the limit', () => {
    expect(codStandingText(standing({ rtoOrders: 1 }))).toBe('1 order returned to origin (the limit is 2). Cash on delivery is offered.');
    expect(codStandingText(standing({ rtoOrders: 2, allowed: false }))).toBe(
      '2 orders returned to origin (the limit is 2). Cash on delivery is not offered.',
    );
    expect(codStandingText(standing({ rtoLimit: 0 }))).toBe('0 orders returned to origin (the shop sets no limit). Cash on delivery is offered.');
  });

  it("says when an admin's word overrides the limit", () => {
    expect(codStandingText(standing({ rtoOrders: 3, override: true, allowed: true }))).toContain('An admin allows it whatever the count.');
    expect(codStandingText(standing({ override: false, allowed: false }))).toBe(
      '0 orders returned to origin (the limit is 2). Cash on delivery is not offered. An admin has turned it off.',
    );
  });
});
