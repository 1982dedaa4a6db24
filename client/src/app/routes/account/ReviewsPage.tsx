// /user/userreviews: the shopper's reviews. Products they have received and not reviewed yet,
// each with "Write a review" (stars, a title and a few words), and the reviews they have
// written with where each stands (awaiting approval, published or hidden), to edit — which
// sends it for approval again — or delete after saying so.
import { useId, useState } from 'react';
import { Button, ButtonLink } from '../../../components/Button';
import { Dialog } from '../../../components/Dialog';
import { Link } from '../../../components/Link';
import { Spinner } from '../../../components/Spinner';
import { StateMessage } from '../../../components/StateMessage';
import { useDeleteMyReviewMutation, useGetMyReviewsQuery, useGetReviewableQuery } from '../../../features/reviews/api';
import { ReviewForm } from '../../../features/reviews/components/ReviewForm';
import { Stars } from '../../../features/reviews/components/Stars';
import { reviewDate, statusLabels } from '../../../features/reviews/rating';
import type { Review, Reviewable } from '../../../features/reviews/types';
import type { ApiError } from '../../../lib/api';
import { accountPaths } from '../../../lib/accountPaths';
import { productPath } from '../../../lib/paths';
import { toastShown } from '../../../lib/toast';
import { useAppDispatch } from '../../hooks';
import { PageHeader } from './PageHeader';
import styles from './ReviewsPage.module.css';

/** What each status means for the shopper, under their review. */
const statusNotes: Record<Review['status'], string> = {
  pending: 'We read every review before it appears on the product page.',
  approved: 'Shown on the product page.',
  rejected: 'Not shown on the product page. Edit it to send it for approval again.',
};

export function ReviewsPage() {
  const reviewable = useGetReviewableQuery(1);
  const mine = useGetMyReviewsQuery(1);
  const loading = reviewable.isLoading || mine.isLoading;
  const failed = reviewable.isError || mine.isError || (!loading && (!reviewable.data || !mine.data));
  const toReview = reviewable.data?.items ?? [];
  const written = mine.data?.items ?? [];

  return (
    <>
      <title>Reviews — drape</title>
      <PageHeader eyebrow="Reviews" title="Your reviews">
        Tell other shoppers how the pieces you received fit and wear. Reviews appear on the product page once approved.
      </PageHeader>
      {loading ? (
        <p className={styles.loading} role="status">
          <Spinner size={20} /> Loading...
        </p>
      ) : failed ? (
        <StateMessage tone="error" title="Your reviews could not be loaded" detail="Please check your connection and try again.">
          <Button
            variant="secondary"
            onClick={() => {
              void reviewable.refetch();
              void mine.refetch();
            }}
          >
            Try again
          </Button>
        </StateMessage>
      ) : toReview.length === 0 && written.length === 0 ? (
        <StateMessage title="Nothing to review yet" detail="Once an order has been delivered, its pieces wait here for your review.">
          <ButtonLink to={accountPaths.userOrders}>Your orders</ButtonLink>
        </StateMessage>
      ) : (
        <div className={styles.sections}>
          {toReview.length > 0 && (
            <section aria-labelledby="to-review" className={styles.section}>
              <h2 id="to-review" className={styles.heading}>
                Waiting for your review <span className={styles.count}>{toReview.length}</span>
              </h2>
              <ul className={styles.list}>
                {toReview.map((product) => (
                  <ReviewableCard key={product.productId} product={product} />
                ))}
              </ul>
            </section>
          )}
          <section aria-labelledby="written" className={styles.section}>
            <h2 id="written" className={styles.heading}>
              Reviews you have written <span className={styles.count}>{written.length}</span>
            </h2>
            {written.length === 0 ? (
              <p className={styles.none}>None yet. Your reviews, and whether they are published, show here.</p>
            ) : (
              <ul className={styles.list} aria-label="Your reviews">
                {written.map((review) => (
                  <WrittenReview key={review._id} review={review} />
                ))}
              </ul>
            )}
          </section>
        </div>
      )}
    </>
  );
}

function ProductThumb({ thumbnail }: { thumbnail: string }) {
  return thumbnail ? <img className={styles.thumb} src={thumbnail} alt="" width={72} height={96} loading="lazy" /> : <span className={styles.thumb} />;
}

function ReviewableCard({ product }: { product: Reviewable }) {
  const [writing, setWriting] = useState(false);
  return (
    <li className={styles.card} aria-label={product.productName}>
      <div className={styles.product}>
        <ProductThumb thumbnail={product.thumbnail} />
        <div className={styles.productText}>
          <Link to={productPath({ _id: product.productId })} className={styles.name}>
            {product.productName}
          </Link>
          <span className={styles.sub}>Received {reviewDate(product.receivedAt)}</span>
        </div>
        {!writing && (
          <Button variant="secondary" className={styles.cardAction} onClick={() => setWriting(true)}>
            Write a review
          </Button>
        )}
      </div>
      {writing && (
        <div className={styles.formWrap}>
          <ReviewForm productId={product.productId} productName={product.productName} onCancel={() => setWriting(false)} />
        </div>
      )}
    </li>
  );
}

function WrittenReview({ review }: { review: Review }) {
  const dispatch = useAppDispatch();
  const [editing, setEditing] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const [remove, removal] = useDeleteMyReviewMutation();
  const titleId = useId();

  async function confirmDelete() {
    try {
      await remove(review.productId).unwrap();
      dispatch(toastShown({ message: 'Your review was deleted' }));
    } catch (failure) {
      dispatch(toastShown({ message: (failure as Partial<ApiError>).message || 'Your review could not be deleted', type: 'error' }));
    }
    setConfirming(false);
  }

  return (
    <li className={styles.card} aria-label={`Your review of ${review.productName}`}>
      <div className={styles.product}>
        <ProductThumb thumbnail={review.thumbnail} />
        <div className={styles.productText}>
          <Link to={productPath({ _id: review.productId })} className={styles.name}>
            {review.productName}
          </Link>
          <span className={styles.sub}>
            {review.updatedAt !== review.createdAt ? 'Updated' : 'Written'} {reviewDate(review.updatedAt)}
          </span>
        </div>
        <span className={`${styles.status} ${styles[review.status]}`} data-testid="review-status">
          {statusLabels[review.status]}
        </span>
      </div>
      {editing ? (
        <div className={styles.formWrap}>
          <ReviewForm
            productId={review.productId}
            productName={review.productName}
            initial={review}
            onSaved={() => setEditing(false)}
            onCancel={() => setEditing(false)}
          />
        </div>
      ) : (
        <div className={styles.body}>
          <Stars value={review.rating} size={18} />
          <h3 className={styles.title}>{review.title}</h3>
          <p className={styles.text}>{review.text}</p>
          <p className={styles.note}>{statusNotes[review.status]}</p>
          <div className={styles.actions}>
            <Button variant="secondary" onClick={() => setEditing(true)} aria-label={`Edit your review of ${review.productName}`}>
              Edit
            </Button>
            <Button variant="quiet" className={styles.delete} onClick={() => setConfirming(true)} aria-label={`Delete your review of ${review.productName}`}>
              Delete
            </Button>
          </div>
        </div>
      )}
      {confirming && (
        <Dialog labelledBy={titleId} onClose={() => setConfirming(false)} className={styles.dialog}>
          <h2 id={titleId}>Delete your review?</h2>
          <p>Your review of {review.productName} will be removed for good. You can write a new one afterwards.</p>
          <div className={styles.dialogActions}>
            <Button onClick={() => void confirmDelete()} disabled={removal.isLoading} aria-busy={removal.isLoading || undefined}>
              {removal.isLoading && <Spinner size={16} />}
              Delete review
            </Button>
            <Button variant="secondary" onClick={() => setConfirming(false)}>
              Keep it
            </Button>
          </div>
        </Dialog>
      )}
    </li>
  );
}
