// Review calls: the product page's approved reviews (public), the shopper's own reviews and the
// products they may review (GET/POST/DELETE /api/user/reviews…), and the back office's
// moderation (GET /api/admin/reviews, /api/admin/product-reviews, POST …/status, DELETE; staff
// and admins — lib/api.ts sends the back-office token under admin/). Any change refreshes every
// list it touches: a rewritten or moderated review changes what the product page shows.
import { api } from '../../lib/api';
import { adminReviewQueryParams, productReviewQueryParams } from './moderation';
import type {
  AdminReviewFilters,
  AdminReviewPage,
  ProductReviewFilters,
  ProductReviews,
  ProductReviewSummaryPage,
  Review,
  ReviewablePage,
  ReviewDraft,
  ReviewPage,
  ReviewStatus,
} from './types';

const withReviews = api.enhanceEndpoints({ addTagTypes: ['ProductReviews', 'MyReview', 'AdminReview'] });

export const reviewsApi = withReviews.injectEndpoints({
  endpoints: (build) => ({
    getProductReviews: build.query<ProductReviews, { productId: string; page: number }>({
      query: ({ productId, page }) => ({ url: `products/${encodeURIComponent(productId)}/reviews`, params: { page } }),
      providesTags: ['ProductReviews'],
    }),
    getMyReviews: build.query<ReviewPage, number>({
      query: (page) => ({ url: 'user/reviews', params: { page, limit: 50 } }),
      providesTags: ['MyReview'],
    }),
    getReviewable: build.query<ReviewablePage, number>({
      query: (page) => ({ url: 'user/reviewable', params: { page, limit: 50 } }),
      providesTags: ['MyReview'],
    }),
    writeReview: build.mutation<Review, ReviewDraft>({
      query: (body) => ({ url: 'user/reviews', method: 'POST', body }),
      invalidatesTags: ['MyReview', 'ProductReviews', 'AdminReview'],
    }),
    deleteMyReview: build.mutation<unknown, string>({
      query: (productId) => ({ url: `user/reviews/${encodeURIComponent(productId)}`, method: 'DELETE' }),
      invalidatesTags: ['MyReview', 'ProductReviews', 'AdminReview'],
    }),
    getAdminReviews: build.query<AdminReviewPage, AdminReviewFilters>({
      query: (filters) => ({ url: 'admin/reviews', params: adminReviewQueryParams(filters) }),
      providesTags: ['AdminReview'],
    }),
    getProductReviewSummaries: build.query<ProductReviewSummaryPage, ProductReviewFilters>({
      query: (filters) => ({ url: 'admin/product-reviews', params: productReviewQueryParams(filters) }),
      providesTags: ['AdminReview'],
    }),
    moderateReview: build.mutation<Review, { id: string; status: ReviewStatus }>({
      query: ({ id, status }) => ({ url: `admin/reviews/${encodeURIComponent(id)}/status`, method: 'POST', body: { status } }),
      invalidatesTags: ['AdminReview', 'ProductReviews', 'MyReview'],
    }),
    removeReview: build.mutation<unknown, string>({
      query: (id) => ({ url: `admin/reviews/${encodeURIComponent(id)}`, method: 'DELETE' }),
      invalidatesTags: ['AdminReview', 'ProductReviews', 'MyReview'],
    }),
  }),
});

export const {
  useGetProductReviewsQuery,
  useGetMyReviewsQuery,
  useGetReviewableQuery,
  useWriteReviewMutation,
  useDeleteMyReviewMutation,
  useGetAdminReviewsQuery,
  useGetProductReviewSummariesQuery,
  useModerateReviewMutation,
  useRemoveReviewMutation,
} = reviewsApi;
