// The product page's reviews: the average in stars and words ("4.3 out of 5 · 12 reviews") and
// the approved reviews, newest first, ten at a time with "More reviews". Every review's title
// and text are rendered as text, never as HTML: markup a shopper typed shows as typed.
import { useState } from 'react';
import { Button } from '../../../components/Button';
import { useGetProductReviewsQuery } from '../api';
import { ratingSummary, reviewDate } from '../rating';
import { Stars } from './Stars';
import styles from './ProductReviews.module.css';

/** The "Reviews" section of a product's page. */
export function ProductReviews({ productId }: { productId: string }) {
  const [pages, setPages] = useState(1);
  const { data, isLoading, isError } = useGetProductReviewsQuery({ productId, page: 1 });

  return (
    <section className={styles.section} aria-labelledby="product-reviews">
      <div className={styles.head}>
        <h2 id="product-reviews">Reviews</h2>
        {data && data.rating.count > 0 && (
          <p className={styles.summary} data-testid="rating-summary">
            <Stars value={data.rating.average} size={20} />
            <span>{ratingSummary(data.rating)}</span>
          </p>
        )}
      </div>
      {isLoading ? (
        <p className={styles.quiet} role="status">
          Loading reviews...
        </p>
      ) : isError || !data ? (
        <p className={styles.quiet}>Reviews could not be loaded just now.</p>
      ) : data.rating.count === 0 ? (
        <p className={styles.quiet}>No reviews yet. Reviews come from shoppers who have bought and received this piece.</p>
      ) : (
        <>
          <ol className={styles.list} aria-label="Reviews of this product">
            {Array.from({ length: pages }, (_, index) => (
              <ReviewsOfPage key={index} productId={productId} page={index + 1} />
            ))}
          </ol>
          {pages < data.totalPages && (
            <Button variant="secondary" className={styles.more} onClick={() => setPages(pages + 1)}>
              More reviews
            </Button>
          )}
        </>
      )}
    </section>
  );
}

function ReviewsOfPage({ productId, page }: { productId: string; page: number }) {
  const { data } = useGetProductReviewsQuery({ productId, page });
  return (
    <>
      {data?.items.map((review) => (
        <li key={review._id} className={styles.review}>
          <div className={styles.meta}>
            <Stars value={review.rating} />
            <span className={styles.author}>{review.author}</span>
            {review.verifiedPurchase && <span className={styles.verified}>Verified purchase</span>}
            <time className={styles.date} dateTime={review.createdAt}>
              {reviewDate(review.createdAt)}
            </time>
          </div>
          {review.title && <h3 className={styles.title}>{review.title}</h3>}
          <p className={styles.text}>{review.text}</p>
        </li>
      ))}
    </>
  );
}
