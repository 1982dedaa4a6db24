import { describe, expect, it } from 'vitest';
import { aProduct } from '../../test/fixtures';
import { cartLineFor, guestCartStorageKey, loadGuestCart, mergeGuestLine, saveGuestCart } from './guestCart';

const shirt = aProduct({ _id: 'shirt', price: 1599, discount: 10, discountedPrice: 1279 });
const trouser = aProduct({ _id: 'trouser', price: 2199, discountedPrice: 1999 });

describe('mergeGuestLine', () => {
  it('appends a new product and size as one unit costing its final amount', () => {
    const lines = mergeGuestLine([], cartLineFor(shirt, 'M'));
    expect(lines).toEqual([
      expect.objectContaining({ id: 'shirt', productId: 'shirt', size: 'M', quantity: 1, finalAmount: 1279, total: 1279, price: 1599 }),
    ]);
  });

  it('merges the same id and size: quantity + 1 and total + the final amount', () => {
    let lines = mergeGuestLine([], cartLineFor(shirt, 'M'));
    lines = mergeGuestLine(lines, cartLineFor(shirt, 'M'));
    lines = mergeGuestLine(lines, cartLineFor(shirt, 'M'));
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatchObject({ quantity: 3, total: 3837 });
  });

  it('keeps another size or another product on its own line', () => {
    let lines = mergeGuestLine([], cartLineFor(shirt, 'M'));
    lines = mergeGuestLine(lines, cartLineFor(shirt, 'L'));
    lines = mergeGuestLine(lines, cartLineFor(trouser, 'M'));
    expect(lines.map((line) => `${line.id}/${line.size}/${line.quantity}`)).toEqual(['shirt/M/1', 'shirt/L/1', 'trouser/M/1']);
  });

  it('does not change the lines it was given', () => {
    const before = mergeGuestLine([], cartLineFor(shirt, 'M'));
    const frozen = JSON.stringify(before);
    mergeGuestLine(before, cartLineFor(shirt, 'M'));
    expect(JSON.stringify(before)).toBe(frozen);
  });
});

describe('guest cart storage', () => {
  it('saves under the guest-cart key and loads back', () => {
    const lines = mergeGuestLine([], cartLineFor(shirt, 'M'));
    saveGuestCart(lines);
    expect(JSON.parse(window.localStorage.getItem(guestCartStorageKey)!)).toEqual(lines);
    expect(loadGuestCart()).toEqual(lines);
  });

  it('removes the key when the cart is empty', () => {
    saveGuestCart(mergeGuestLine([], cartLineFor(shirt, 'M')));
    saveGuestCart([]);
    expect(window.localStorage.getItem(guestCartStorageKey)).toBeNull();
  });

  it('treats unreadable or foreign data as an empty cart and drops broken lines', () => {
    window.localStorage.setItem(guestCartStorageKey, '{not json');
    expect(loadGuestCart()).toEqual([]);
    window.localStorage.setItem(guestCartStorageKey, JSON.stringify({ lines: [] }));
    expect(loadGuestCart()).toEqual([]);
    const good = cartLineFor(shirt, 'M');
    window.localStorage.setItem(guestCartStorageKey, JSON.stringify([good, { id: 'x' }, null]));
    expect(loadGuestCart()).toEqual([good]);
  });
});
