// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { galleryImages, isReduced, isSoldOut, percentOff, productErrorMessage } from './pricing';

describe('price display', () => {
  it('shows a reduction only when the shopper pays less', () => {
    expect(isReduced({ price: 1599, discountedPrice: 1151 })).toBe(true);
    expect(isReduced({ price: 1599, discountedPrice: 1599 })).toBe(false);
    expect(percentOff({ price: 1599, discountedPrice: 1151 })).toBe(28);
    expect(percentOff({ price: 1599, discountedPrice: 1599 })).toBe(0);
  });

  it('calls a product with no stock sold out', () => {
    expect(isSoldOut({ totalStock: 0 })).toBe(true);
    expect(isSoldOut({ totalStock: 3 })).toBe(false);
  });

  it('puts the thumbnail first and drops repeats', () => {
    expect(galleryImages({ thumbnail: '/a.svg', images: ['/a.svg', '/b.svg'] })).toEqual(['/a.svg', '/b.svg']);
  });

  it('maps error statuses to the SPEC §8 messages', () => {
    expect(productErrorMessage({ status: 401, message: 'x' })).toBe('Unauthorized access. Please login again.');
    expect(productErrorMessage({ status: 404, message: 'x' })).toBe('Server error. Please try again later.');
    expect(productErrorMessage({ status: 500, message: 'x' })).toBe('Server error. Please try again later.');
    expect(productErrorMessage({ status: 400, message: 'x' })).toBe('Something went wrong');
    expect(productErrorMessage({ status: 'FETCH_ERROR', message: 'x' })).toBe('Something went wrong');
  });
});
