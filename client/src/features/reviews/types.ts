// Product reviews as the server sends them (server/review.go, internal/review/model.go): the
// product page's approved reviews with their rating, a shopper's own reviews and the products
// they may review, and the back office's moderation list and product overview.

/** Where a review stands: waiting for staff, shown on the product page, or hidden by staff. */
export type ReviewStatus = 'pending' | 'approved' | 'rejected';

/** A product's approved reviews in numbers: the average to one decimal (0 with none) and how many. */
export interface Rating {
  average: number;
  count: number;
}

/** An approved review as the product page shows it; the author is a first name and an initial. */
export interface PublicReview {
  _id: string;
  rating: number;
  title: string;
  text: string;
  author: string;
  verifiedPurchase: boolean;
  createdAt: string;
}

/** One page of a product's approved reviews, newest first, with its rating. */
export interface ProductReviews {
  productId: string;
  rating: Rating;
  items: PublicReview[];
  page: number;
  totalPages: number;
  total: number;
}

/** Who wrote a review, for the back office only. */
export interface ReviewCustomer {
  _id: string;
  name: string;
  email: string;
}

/** A review as its author and the back office see it. */
export interface Review {
  _id: string;
  productId: string;
  productName: string;
  thumbnail: string;
  rating: number;
  title: string;
  text: string;
  status: ReviewStatus;
  createdAt: string;
  updatedAt: string;
  moderatedAt: string | null;
  customer?: ReviewCustomer;
}

/** One page of reviews. */
export interface ReviewPage {
  items: Review[];
  page: number;
  totalPages: number;
  total: number;
}

/** A product named on the back office's list of its reviews. */
export interface ProductBrief {
  productId: string;
  productName: string;
  thumbnail: string;
  /** False: removed from the shop. */
  active: boolean;
}

/** The moderation list: a page of reviews, how many each status holds, and for one product its rating and name. */
export interface AdminReviewPage extends ReviewPage {
  counts: Record<ReviewStatus, number>;
  rating?: Rating;
  product?: ProductBrief;
}

/** A product the shopper has received and not reviewed yet. */
export interface Reviewable {
  productId: string;
  productName: string;
  thumbnail: string;
  receivedAt: string;
}

/** One page of products the shopper may review. */
export interface ReviewablePage {
  items: Reviewable[];
  page: number;
  totalPages: number;
  total: number;
}

/** What a shopper sends to write (or rewrite) their review of a product. */
export interface ReviewDraft {
  productId: string;
  rating: number;
  title: string;
  text: string;
}

/** The orders of the moderation list. */
export type ReviewSort = 'newest' | 'oldest' | 'rating-low' | 'rating-high';

/** The moderation list's filters, as its URL says them. */
export interface AdminReviewFilters {
  page: number;
  /** '' for every status. */
  status: ReviewStatus | '';
  sort: ReviewSort;
  /** '' for every product. */
  productId: string;
}

/** A product with its reviews in numbers, for the back office's overview. */
export interface ProductReviewSummary {
  productId: string;
  productName: string;
  thumbnail: string;
  /** False: removed from the shop, listed for its reviews. */
  active: boolean;
  reviews: number;
  counts: Record<ReviewStatus, number>;
  rating: Rating;
}

/** One page of the product overview. */
export interface ProductReviewSummaryPage {
  items: ProductReviewSummary[];
  page: number;
  totalPages: number;
  total: number;
}

/** The orders of the product overview. */
export type ProductReviewSort = 'reviews' | 'pending' | 'rating-high' | 'rating-low' | 'recent';

/** The product overview's filters, as its URL says them. */
export interface ProductReviewFilters {
  page: number;
  search: string;
  sort: ProductReviewSort;
}
