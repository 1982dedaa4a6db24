// The back office's products with their reviews (/admin/product-reviews): every product on sale
// (and removed ones with reviews) with how many reviews it has, how many wait for approval, and
// the average of the published ones; searched by name and sorted, ten to a page from the
// server, filters in the URL. Each product links to its own reviews.
import { useEffect, useId, useState, type FormEvent } from 'react';
import { useLocation, useSearchParams } from '../../../lib/router';
import { Button } from '../../../components/Button';
import { Link } from '../../../components/Link';
import { BackOfficeTable, countSummary, type BackOfficeColumn } from '../../../components/BackOfficeTable';
import list from '../../../components/BackOfficeList.module.css';
import { useAppDispatch } from '../../../app/hooks';
import type { ApiError } from '../../../lib/api';
import { toastShown } from '../../../lib/toast';
import { useGetProductReviewSummariesQuery } from '../api';
import { productReviewFiltersToSearch, productReviewSorts, productReviewsPath, readProductReviewFilters } from '../moderation';
import { averageText } from '../rating';
import type { ProductReviewFilters, ProductReviewSummary } from '../types';
import { ReviewViews } from './ReviewViews';
import { Stars } from './Stars';
import styles from './Moderation.module.css';

export const overviewMessages = { loading: 'Loading...', empty: 'No products match this search.' } as const;

export function ProductReviewsOverview() {
  const dispatch = useAppDispatch();
  const [search, setSearch] = useSearchParams();
  const { pathname } = useLocation();
  const filters = readProductReviewFilters(search);
  const result = useGetProductReviewSummariesQuery(filters);
  const { data, isError, error } = result;

  useEffect(() => {
    if (isError) dispatch(toastShown({ message: (error as Partial<ApiError> | undefined)?.message || 'Products could not be loaded', type: 'error' }));
  }, [dispatch, isError, error]);

  const apply = (next: ProductReviewFilters) => setSearch(productReviewFiltersToSearch({ ...next, page: 1 }));
  const products = data?.items ?? [];

  return (
    <div className={list.page}>
      <title>Reviews by product — drape back office</title>
      <header>
        <p className={list.eyebrow}>Back office</p>
        <h1 className={list.title}>Reviews by product</h1>
        <p className={list.lede}>How each product is rated by the shoppers who bought it, and where reviews are waiting for you.</p>
      </header>

      <ReviewViews />

      <Filters key={search.toString()} filters={filters} onApply={apply} />

      <BackOfficeTable
        label="Products"
        columns={columns}
        items={products}
        itemId={(product) => product.productId}
        query={result}
        messages={{ ...overviewMessages, error: 'Products could not be loaded.' }}
        summary={countSummary({ none: '0 products', one: '1 product', many: 'products' })}
        rowProps={() => ({ className: styles.middle })}
        pages={{
          label: 'Product pages',
          hrefFor: (page) => {
            const query = productReviewFiltersToSearch({ ...filters, page }).toString();
            return query ? `${pathname}?${query}` : pathname;
          },
        }}
      />
    </div>
  );
}

/** A product, its published average, and how many of its reviews wait, show and are hidden. */
const columns: BackOfficeColumn<ProductReviewSummary>[] = [
  {
    heading: 'Product',
    className: styles.productCell,
    cell: (product) => (
      <Link to={productReviewsPath(product.productId)} className={styles.product}>
        {product.thumbnail ? <img src={product.thumbnail} alt="" width={36} height={48} loading="lazy" /> : <span className={styles.noImage} />}
        <span>
          {product.productName}
          {!product.active && <span className={list.role}>Removed</span>}
        </span>
      </Link>
    ),
  },
  {
    heading: 'Average rating',
    cell: (product) =>
      product.rating.count > 0 ? (
        <span className={styles.rating}>
          <Stars value={product.rating.average} size={14} />
          <span>{averageText(product.rating.average)}</span>
        </span>
      ) : (
        <span className={styles.none}>—</span>
      ),
  },
  { heading: 'Reviews', numeric: true, cell: (product) => product.reviews },
  {
    heading: 'Awaiting approval',
    numeric: true,
    cell: (product) => (product.counts.pending > 0 ? <span className={`${list.pill} ${styles.pending}`}>{product.counts.pending}</span> : 0),
  },
  { heading: 'Published', numeric: true, cell: (product) => product.counts.approved },
  { heading: 'Hidden', numeric: true, cell: (product) => product.counts.rejected },
];

function Filters({ filters, onApply }: { filters: ProductReviewFilters; onApply: (next: ProductReviewFilters) => void }) {
  const ids = { search: useId(), sort: useId() };
  const [text, setText] = useState(filters.search);
  function submit(event: FormEvent) {
    event.preventDefault();
    onApply({ ...filters, search: text.trim() });
  }
  return (
    <form className={list.filters} role="search" aria-label="Filter products" onSubmit={submit}>
      <div className={`${list.filter} ${list.wide}`}>
        <label htmlFor={ids.search}>Search</label>
        <input
          id={ids.search}
          type="search"
          value={text}
          maxLength={100}
          placeholder="Product name"
          autoComplete="off"
          onChange={(event) => setText(event.target.value)}
        />
      </div>
      <div className={list.filter}>
        <label htmlFor={ids.sort}>Sort</label>
        <select id={ids.sort} value={filters.sort} onChange={(event) => onApply({ ...filters, sort: event.target.value as ProductReviewFilters['sort'] })}>
          {productReviewSorts.map((sort) => (
            <option key={sort.value} value={sort.value}>
              {sort.label}
            </option>
          ))}
        </select>
      </div>
      <Button type="submit" variant="secondary" className={list.apply}>
        Search
      </Button>
    </form>
  );
}
