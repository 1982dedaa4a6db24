// The back office's moderation list: every review (/admin/reviews) or one product's
// (/admin/product-reviews/{productId}, with its average), newest first unless the sort says
// otherwise, ten to a page from the server, status and sort in the URL. Staff approve a review
// (it shows on the product page), hide it, or delete it for good after saying so in a dialog;
// a refused change says why in a toast. Review text shows as text, never as HTML.
import { useEffect, useId, useState } from 'react';
import { useLocation, useSearchParams } from '../../../lib/router';
import { Button } from '../../../components/Button';
import { Dialog } from '../../../components/Dialog';
import { Link } from '../../../components/Link';
import { BackOfficeTable, type BackOfficeColumn } from '../../../components/BackOfficeTable';
import { Spinner } from '../../../components/Spinner';
import list from '../../../components/BackOfficeList.module.css';
import { useAppDispatch } from '../../../app/hooks';
import type { ApiError } from '../../../lib/api';
import { toastShown } from '../../../lib/toast';
import { useGetAdminReviewsQuery, useModerateReviewMutation, useRemoveReviewMutation } from '../api';
import { adminReviewFiltersToSearch, productReviewsPath, readAdminReviewFilters, reviewPaths, reviewSorts, statusChoices } from '../moderation';
import { ratingSummary, reviewCount, reviewDate, statusLabels } from '../rating';
import type { AdminReviewFilters, Review, ReviewStatus } from '../types';
import { ReviewViews } from './ReviewViews';
import { Stars } from './Stars';
import styles from './Moderation.module.css';

export const moderationMessages = { loading: 'Loading...', empty: 'No reviews match these filters.' } as const;

function problem(error: unknown, fallback: string): string {
  return (error as Partial<ApiError> | undefined)?.message || fallback;
}

/** What an approve or hide is called, and what the toast says after it. */
const actions: Record<Exclude<ReviewStatus, 'pending'>, { verb: string; done: string }> = {
  approved: { verb: 'Approve', done: 'Review published' },
  rejected: { verb: 'Hide', done: 'Review hidden' },
};

/** Who wrote the review, in words. */
function reviewer(review: Review): string {
  return review.customer?.name || review.customer?.email || 'A shopper';
}

/** The reviewed product (a link to its reviews); the list of one product's reviews leaves it out. */
const productColumn: BackOfficeColumn<Review> = {
  heading: 'Product',
  className: styles.productCell,
  cell: (review) => (
    <Link to={productReviewsPath(review.productId)} className={styles.product}>
      {review.thumbnail ? <img src={review.thumbnail} alt="" width={36} height={48} loading="lazy" /> : <span className={styles.noImage} />}
      <span>{review.productName}</span>
    </Link>
  ),
};

/** The moderation list; with `productId`, one product's reviews and its average. */
export function ReviewsModeration({ productId = '' }: { productId?: string }) {
  const dispatch = useAppDispatch();
  const [search, setSearch] = useSearchParams();
  const location = useLocation();
  const filters = readAdminReviewFilters(search, productId);
  const result = useGetAdminReviewsQuery(filters);
  const { data, isError, error } = result;
  const [moderate] = useModerateReviewMutation();
  const [remove, removal] = useRemoveReviewMutation();
  const [busy, setBusy] = useState('');
  const [deleting, setDeleting] = useState<Review | null>(null);

  useEffect(() => {
    if (isError) dispatch(toastShown({ message: problem(error, 'Reviews could not be loaded'), type: 'error' }));
  }, [dispatch, isError, error]);

  const reviews = data?.items ?? [];
  const oneProduct = Boolean(productId);
  const productName = data?.product?.productName;
  const apply = (next: AdminReviewFilters) => setSearch(adminReviewFiltersToSearch(next));
  const total = data ? data.counts.pending + data.counts.approved + data.counts.rejected : 0;

  async function setStatus(review: Review, status: Exclude<ReviewStatus, 'pending'>) {
    setBusy(review._id);
    try {
      await moderate({ id: review._id, status }).unwrap();
      dispatch(toastShown({ message: actions[status].done }));
    } catch (failure) {
      dispatch(toastShown({ message: problem(failure, 'The review could not be changed'), type: 'error' }));
    }
    setBusy('');
  }

  async function confirmDelete(review: Review) {
    try {
      await remove(review._id).unwrap();
      dispatch(toastShown({ message: 'Review deleted' }));
    } catch (failure) {
      dispatch(toastShown({ message: problem(failure, 'The review could not be deleted'), type: 'error' }));
    }
    setDeleting(null);
  }

  return (
    <div className={list.page}>
      <title>{oneProduct ? `Reviews of ${productName ?? 'a product'} — drape back office` : 'Reviews — drape back office'}</title>
      <header className={styles.header}>
        <p className={list.eyebrow}>{oneProduct ? <Link to={reviewPaths.products}>Reviews by product</Link> : 'Back office'}</p>
        <h1 className={list.title}>{oneProduct ? (productName ?? (data ? 'Product not found' : 'Product reviews')) : 'Reviews'}</h1>
        {oneProduct ? (
          data?.rating && (
            <p className={styles.average} data-testid="product-rating">
              {data.rating.count > 0 && <Stars value={data.rating.average} size={20} />}
              <span>{data.rating.count > 0 ? ratingSummary(data.rating) : 'No published reviews yet'}</span>
            </p>
          )
        ) : (
          <p className={list.lede}>What shoppers say about what they bought. Approve a review to publish it on the product page, or hide it.</p>
        )}
      </header>

      {!oneProduct && <ReviewViews />}

      <form className={`${list.filters} ${styles.filters}`} role="search" aria-label="Filter reviews" onSubmit={(event) => event.preventDefault()}>
        <SelectFilter
          label="Status"
          value={filters.status}
          choices={statusChoices.map((choice) => ({
            value: choice.value,
            label: data ? `${choice.label} (${choice.value ? data.counts[choice.value] : total})` : choice.label,
          }))}
          onChange={(status) => apply({ ...filters, status: status as AdminReviewFilters['status'], page: 1 })}
        />
        <SelectFilter
          label="Sort"
          value={filters.sort}
          choices={reviewSorts}
          onChange={(sort) => apply({ ...filters, sort: sort as AdminReviewFilters['sort'], page: 1 })}
        />
      </form>

      <BackOfficeTable
        label="Reviews"
        columns={[
          {
            heading: 'Review',
            className: styles.reviewCell,
            cell: (review) => (
              <>
                <Stars value={review.rating} size={14} />
                <span className={styles.reviewTitle}>{review.title}</span>
                <p className={styles.reviewText}>{review.text}</p>
              </>
            ),
          },
          ...(oneProduct ? [] : [productColumn]),
          {
            heading: 'Customer',
            cell: (review) => (
              <>
                <span className={list.who}>{reviewer(review)}</span>
                {review.customer?.email && <span className={list.sub}>{review.customer.email}</span>}
              </>
            ),
          },
          { heading: 'Date', className: list.when, cell: (review) => reviewDate(review.updatedAt) },
          {
            heading: 'Status',
            cell: (review) => <span className={`${list.pill} ${styles.statusPill} ${styles[review.status]}`}>{statusLabels[review.status]}</span>,
          },
          {
            heading: 'Actions',
            hideHeading: true,
            className: styles.actionsCell,
            cell: (review) => {
              const who = reviewer(review);
              const working = busy === review._id;
              return (
                <span className={styles.actions}>
                  {(['approved', 'rejected'] as const)
                    .filter((status) => status !== review.status)
                    .map((status) => (
                      <button
                        key={status}
                        type="button"
                        className={list.toggle}
                        disabled={working}
                        aria-label={`${actions[status].verb} the review by ${who}`}
                        onClick={() => void setStatus(review, status)}
                      >
                        {actions[status].verb}
                      </button>
                    ))}
                  <button
                    type="button"
                    className={`${list.toggle} ${styles.delete}`}
                    disabled={working}
                    aria-label={`Delete the review by ${who}`}
                    onClick={() => setDeleting(review)}
                  >
                    Delete
                  </button>
                </span>
              );
            },
          },
        ]}
        items={reviews}
        itemId={(review) => review._id}
        query={result}
        messages={{ ...moderationMessages, error: 'Reviews could not be loaded.' }}
        summary={(data) => (
          <>
            {data.total === 0 ? 'No reviews' : reviewCount(data.total)}
            {data.totalPages > 1 && ` · page ${data.page} of ${data.totalPages}`}
          </>
        )}
        rowProps={(review) => ({ 'aria-label': `${review.title} by ${reviewer(review)}` })}
        pages={{
          label: 'Review pages',
          hrefFor: (page) => {
            const query = adminReviewFiltersToSearch({ ...filters, page }).toString();
            return query ? `${location.pathname}?${query}` : location.pathname;
          },
        }}
      />

      {deleting && (
        <DeleteDialog review={deleting} busy={removal.isLoading} onConfirm={() => void confirmDelete(deleting)} onClose={() => setDeleting(null)} />
      )}
    </div>
  );
}

function SelectFilter({
  label,
  value,
  choices,
  onChange,
}: {
  label: string;
  value: string;
  choices: { value: string; label: string }[];
  onChange: (value: string) => void;
}) {
  const id = useId();
  return (
    <div className={list.filter}>
      <label htmlFor={id}>{label}</label>
      <select id={id} value={value} onChange={(event) => onChange(event.target.value)}>
        {choices.map((choice) => (
          <option key={choice.value} value={choice.value}>
            {choice.label}
          </option>
        ))}
      </select>
    </div>
  );
}

function DeleteDialog({ review, busy, onConfirm, onClose }: { review: Review; busy: boolean; onConfirm: () => void; onClose: () => void }) {
  const titleId = useId();
  return (
    <Dialog labelledBy={titleId} onClose={onClose} className={list.dialog}>
      <h2 id={titleId}>Delete this review?</h2>
      <p>
        “{review.title}” by {review.customer?.name || 'a shopper'} on {review.productName} will be removed for good, and the product’s
        average follows at once. To keep it but take it off the product page, hide it instead.
      </p>
      <div className={list.actions}>
        <Button onClick={onConfirm} disabled={busy} aria-busy={busy || undefined}>
          {busy && <Spinner size={16} />}
          Delete review
        </Button>
        <Button variant="secondary" onClick={onClose}>
          Cancel
        </Button>
      </div>
    </Dialog>
  );
}
