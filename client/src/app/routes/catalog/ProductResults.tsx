import type { ReactNode } from 'react';
import { Button } from '../../../components/Button';
import { Pagination } from '../../../components/Pagination';
import { StateMessage } from '../../../components/StateMessage';
import { ProductGrid, ProductGridSkeleton } from '../../../features/catalog/components/ProductGrid';
import { productErrorMessage } from '../../../features/catalog/pricing';
import type { ProductPage } from '../../../features/catalog/types';
import { useQuickView } from './useQuickView';
import { renderWishlistHeart } from './WishlistHeart';
import styles from './ProductResults.module.css';

export interface ResultsQuery {
  data?: ProductPage;
  error?: unknown;
  isLoading: boolean;
  isFetching: boolean;
  isError: boolean;
  refetch?: () => unknown;
}

/**
 * A page of products as every listing shows it: skeletons while loading, the SPEC §8 message on
 * failure, an empty view, or the grid with quick view and pagination.
 */
export function ProductResults({
  query,
  page,
  hrefFor,
  empty,
  errorView,
  paise = false,
  label,
  sizes,
}: {
  query: ResultsQuery;
  page: number;
  hrefFor: (page: number) => string;
  empty: ReactNode;
  /** Replaces the SPEC §8 message when given (the sale page shows a generic view). */
  errorView?: ReactNode;
  paise?: boolean;
  label: string;
  /** The sizes the listing is filtered by (the cards link their product with ?size=). */
  sizes?: string[];
}) {
  const quickView = useQuickView({ paise });
  const { data, isError, isLoading, isFetching, error, refetch } = query;

  if (isLoading || (isFetching && !data)) return <ProductGridSkeleton />;
  if (isError || !data) {
    return (
      errorView ?? (
        <StateMessage tone="error" title={productErrorMessage(error)} detail="Failed to fetch products.">
          {refetch && (
            <Button variant="secondary" onClick={() => refetch()}>
              Try again
            </Button>
          )}
        </StateMessage>
      )
    );
  }
  if (data.items.length === 0) return <>{empty}</>;

  return (
    <div className={styles.results} aria-busy={isFetching || undefined} data-fetching={isFetching || undefined}>
      <ProductGrid products={data.items} onQuickView={quickView.open} paise={paise} label={label} renderAction={renderWishlistHeart} headingLevel={2} sizes={sizes} />
      <Pagination page={page} totalPages={data.metadata.totalPages} hrefFor={hrefFor} label={`${label}, pages`} />
      {quickView.element}
    </div>
  );
}

/** The page number in ?page=, 1 when missing or not a whole number from 1. */
export function pageFromSearch(params: URLSearchParams): number {
  const raw = params.get('page');
  if (!raw || !/^\d+$/.test(raw)) return 1;
  const page = Number(raw);
  return page >= 1 && page <= 10_000 ? page : 1;
}

/** The URL of page `page` of the listing at `pathname` (page 1 has no ?page=). */
export function pageHref(pathname: string, page: number, extra?: Record<string, string>): string {
  const params = new URLSearchParams(extra);
  if (page > 1) params.set('page', String(page));
  const search = params.toString();
  return search ? `${pathname}?${search}` : pathname;
}
