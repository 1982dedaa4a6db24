// The back office's review screens keep their filters in the URL (any change but the page goes
// back to page 1): the moderation list's status and sort, and the product overview's search and
// sort. These read a URL's filters, write them back without defaults, and make the API's query.
import { accountPaths } from '../../lib/accountPaths';
import type { AdminReviewFilters, ProductReviewFilters, ProductReviewSort, ReviewSort, ReviewStatus } from './types';

/** The back office's review screens. */
export const reviewPaths = {
  all: `${accountPaths.admin}/reviews`,
  products: `${accountPaths.admin}/product-reviews`,
} as const;

/** One product's reviews in the back office. */
export function productReviewsPath(productId: string): string {
  return `${reviewPaths.products}/${encodeURIComponent(productId)}`;
}

/** The moderation list's status choices; '' is every status. */
export const statusChoices: { value: ReviewStatus | ''; label: string }[] = [
  { value: '', label: 'All reviews' },
  { value: 'pending', label: 'Awaiting approval' },
  { value: 'approved', label: 'Published' },
  { value: 'rejected', label: 'Hidden' },
];

/** The moderation list's orders. */
export const reviewSorts: { value: ReviewSort; label: string }[] = [
  { value: 'newest', label: 'Newest first' },
  { value: 'oldest', label: 'Oldest first' },
  { value: 'rating-low', label: 'Lowest rating first' },
  { value: 'rating-high', label: 'Highest rating first' },
];

/** The product overview's orders. */
export const productReviewSorts: { value: ProductReviewSort; label: string }[] = [
  { value: 'reviews', label: 'Most reviews' },
  { value: 'pending', label: 'Most awaiting approval' },
  { value: 'rating-high', label: 'Highest rated' },
  { value: 'rating-low', label: 'Lowest rated' },
  { value: 'recent', label: 'Latest review' },
];

function pageOf(search: URLSearchParams): number {
  const page = Number(search.get('page'));
  return Number.isInteger(page) && page > 1 ? page : 1;
}

function oneOf<T extends string>(value: string | null, choices: { value: T }[], fallback: T): T {
  return choices.find((choice) => choice.value === value)?.value ?? fallback;
}

/** The moderation list's filters from its URL (every status, newest first, page 1 unless it says otherwise). */
export function readAdminReviewFilters(search: URLSearchParams, productId = ''): AdminReviewFilters {
  return {
    page: pageOf(search),
    status: oneOf(search.get('status'), statusChoices, ''),
    sort: oneOf(search.get('sort'), reviewSorts, 'newest'),
    productId,
  };
}

/** The moderation list's query string, without defaults. */
export function adminReviewFiltersToSearch(filters: AdminReviewFilters): URLSearchParams {
  const search = new URLSearchParams();
  if (filters.status) search.set('status', filters.status);
  if (filters.sort !== 'newest') search.set('sort', filters.sort);
  if (filters.page > 1) search.set('page', String(filters.page));
  return search;
}

/** The API's query for the moderation list (GET /api/admin/reviews). */
export function adminReviewQueryParams(filters: AdminReviewFilters): Record<string, string | number> {
  return {
    page: filters.page,
    ...(filters.status ? { status: filters.status } : {}),
    ...(filters.sort !== 'newest' ? { sort: filters.sort } : {}),
    ...(filters.productId ? { productId: filters.productId } : {}),
  };
}

/** The product overview's filters from its URL (most reviews first, page 1 unless it says otherwise). */
export function readProductReviewFilters(search: URLSearchParams): ProductReviewFilters {
  return {
    page: pageOf(search),
    search: (search.get('q') ?? '').trim().slice(0, 100),
    sort: oneOf(search.get('sort'), productReviewSorts, 'reviews'),
  };
}

/** The product overview's query string, without defaults. */
export function productReviewFiltersToSearch(filters: ProductReviewFilters): URLSearchParams {
  const search = new URLSearchParams();
  if (filters.search) search.set('q', filters.search);
  if (filters.sort !== 'reviews') search.set('sort', filters.sort);
  if (filters.page > 1) search.set('page', String(filters.page));
  return search;
}

/** The API's query for the product overview (GET /api/admin/product-reviews). */
export function productReviewQueryParams(filters: ProductReviewFilters): Record<string, string | number> {
  return {
    page: filters.page,
    ...(filters.search ? { search: filters.search } : {}),
    ...(filters.sort !== 'reviews' ? { sort: filters.sort } : {}),
  };
}
