// The back office's review screens (features/reviews), for staff and admins: /admin/reviews
// (every review, to approve, hide or delete), /admin/product-reviews (products with their
// reviews in numbers) and /admin/product-reviews/{productId} (one product's reviews and average).
import { useParams } from '../../../lib/router';
import { ProductReviewsOverview } from '../../../features/reviews/components/ProductReviewsOverview';
import { ReviewsModeration } from '../../../features/reviews/components/ReviewsModeration';

/** /admin/reviews. */
export function AdminReviewsPage() {
  return <ReviewsModeration />;
}

/** /admin/product-reviews. */
export function AdminProductReviewsPage() {
  return <ProductReviewsOverview />;
}

/** /admin/product-reviews/{productId}. */
export function AdminProductReviewPage() {
  const { productId = '' } = useParams();
  return <ReviewsModeration key={productId} productId={productId} />;
}
