import { describe, expect, it } from 'vitest';
import { askedQuantities, deliveredAt, errorsByItem, openKinds, soldOutItem } from './rules';
import type { ReturnPolicy, ReturnRequest } from './types';

const policy: ReturnPolicy = {
  returnWindowDays: 7,
  exchangeWindowDays: 10,
  returnFee: 99,
  freeExchanges: true,
  returnableSubCategories: [],
  notReturnableSubCategories: [],
  reasons: [],
};
const timeline = [
  { status: 'PENDING', at: '2026-11-01T10:00:00Z' },
  { status: 'DELIVERED', at: '2026-11-05T10:00:00Z' },
];

describe('the windows', () => {
  it('opens both kinds right after delivery, then only the longer, then none', () => {
    const delivered = deliveredAt('DELIVERED', timeline);
    expect(openKinds(policy, delivered, new Date('2026-11-06T10:00:00Z'))).toEqual(['exchange', 'return']);
    expect(openKinds(policy, delivered, new Date('2026-11-13T10:00:00Z'))).toEqual(['exchange']);
    expect(openKinds(policy, delivered, new Date('2026-11-16T10:00:00Z'))).toEqual([]);
  });

  it('offers nothing on an order not delivered, or a kind the shop does not take', () => {
    expect(openKinds(policy, deliveredAt('SHIPPED', timeline), new Date('2026-11-06T10:00:00Z'))).toEqual([]);
    expect(openKinds({ ...policy, returnWindowDays: 0 }, deliveredAt('DELIVERED', timeline), new Date('2026-11-06T10:00:00Z'))).toEqual(['exchange']);
  });
});

describe('what is left to send back', () => {
  it('counts live requests, not rejected or cancelled ones', () => {
    const request = (status: string, item: number, quantity: number) =>
      ({ status, lines: [{ item, quantity }] }) as unknown as ReturnRequest;
    const asked = askedQuantities([request('REQUESTED', 0, 1), request('REJECTED', 0, 2), request('REQUESTED', 1, 2)]);
    expect(asked.get(0)).toBe(1);
    expect(asked.get(1)).toBe(2);
  });
});

describe("the server's answers", () => {
  const lines = [
    { item: 2, quantity: 1, newSize: 'L', productName: 'Oxford Shirt' },
    { item: 4, quantity: 1, newSize: 'M', productName: 'Slim Trousers' },
  ];

  it('puts a sold-out size at the line that asked for it', () => {
    expect(soldOutItem('Size M of Slim Trousers is sold out', lines)).toBe(4);
    expect(soldOutItem('Only 1 left in size L of Oxford Shirt', lines)).toBe(2);
    expect(soldOutItem('The exchange window for order X closed on 3 Dec 2026', lines)).toBeNull();
  });

  it("maps a 400's lines[i] fields to the chosen line's item", () => {
    const { byItem, other } = errorsByItem({ 'lines[1].newSize': 'Choose a size other than M', 'photos[0]': 'Upload each photo once, through the form' }, lines);
    expect(byItem.get(4)).toBe('Choose a size other than M');
    expect(other).toEqual({ photos: 'Upload each photo once, through the form' });
  });
});
