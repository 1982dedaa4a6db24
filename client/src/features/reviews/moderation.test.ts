// @vitest-environment node
// The back office's review filters in the URL and in the API's query.
import { describe, expect, it } from 'vitest';
import {
  adminReviewFiltersToSearch,
  adminReviewQueryParams,
  productReviewFiltersToSearch,
  productReviewQueryParams,
  productReviewsPath,
  readAdminReviewFilters,
  readProductReviewFilters,
} from './moderation';

describe('the moderation list in the URL', () => {
  it('defaults to every status, newest first, page 1', () => {
    expect(readAdminReviewFilters(new URLSearchParams())).toEqual({ page: 1, status: '', sort: 'newest', productId: '' });
    expect(adminReviewFiltersToSearch({ page: 1, status: '', sort: 'newest', productId: '' }).toString()).toBe('');
  });

  it('reads and writes status, sort and page, ignoring what it does not know', () => {
    const filters = readAdminReviewFilters(new URLSearchParams('status=pending&sort=rating-low&page=3'), 'abc');
    expect(filters).toEqual({ page: 3, status: 'pending', sort: 'rating-low', productId: 'abc' });
    expect(adminReviewFiltersToSearch(filters).toString()).toBe('status=pending&sort=rating-low&page=3');
    expect(readAdminReviewFilters(new URLSearchParams('status=hidden&sort=loud&page=-2'))).toEqual({
      page: 1,
      status: '',
      sort: 'newest',
      productId: '',
    });
  });

  it('asks the API for what the filters say, one product when given', () => {
    expect(adminReviewQueryParams({ page: 2, status: 'rejected', sort: 'oldest', productId: 'p1' })).toEqual({
      page: 2,
      status: 'rejected',
      sort: 'oldest',
      productId: 'p1',
    });
    expect(adminReviewQueryParams({ page: 1, status: '', sort: 'newest', productId: '' })).toEqual({ page: 1 });
  });
});

describe('the product overview in the URL', () => {
  it('defaults to the most reviewed first', () => {
    expect(readProductReviewFilters(new URLSearchParams())).toEqual({ page: 1, search: '', sort: 'reviews' });
  });

  it('round-trips search, sort and page', () => {
    const filters = readProductReviewFilters(new URLSearchParams('q=+oxford+&sort=pending&page=2'));
    expect(filters).toEqual({ page: 2, search: 'oxford', sort: 'pending' });
    expect(productReviewFiltersToSearch(filters).toString()).toBe('q=oxford&sort=pending&page=2');
    expect(productReviewQueryParams(filters)).toEqual({ page: 2, search: 'oxford', sort: 'pending' });
    expect(productReviewQueryParams({ page: 1, search: '', sort: 'reviews' })).toEqual({ page: 1 });
  });

  it('links a product to its reviews', () => {
    expect(productReviewsPath('65f0c0ffee0123456789abcd')).toBe('/admin/product-reviews/65f0c0ffee0123456789abcd');
  });
});
