import { Link } from './Link';
import { useMediaQuery } from '../lib/useMediaQuery';
import { ChevronLeftIcon, ChevronRightIcon } from './icons';
import { pageItems } from './pageItems';
import styles from './Pagination.module.css';

/**
 * Prev, numbered pages (with ellipses when there are many) and Next, as links to `hrefFor(page)`.
 * Prev is disabled on the first page and Next on the last. Nothing shows for a single page.
 */
export function Pagination({
  page,
  totalPages,
  hrefFor,
  label = 'Pagination',
}: {
  page: number;
  totalPages: number;
  hrefFor: (page: number) => string;
  label?: string;
}) {
  const narrow = useMediaQuery('(max-width: 639px)');
  if (totalPages <= 1) return null;
  const current = Math.min(Math.max(1, page), totalPages);
  const items = pageItems(current, totalPages, narrow ? 0 : 1);

  return (
    <nav className={styles.pagination} aria-label={label}>
      <ul className={styles.list}>
        <li>
          {current > 1 ? (
            <Link to={hrefFor(current - 1)} className={`${styles.item} ${styles.step}`} rel="prev">
              <ChevronLeftIcon size={16} />
              Prev
            </Link>
          ) : (
            <button type="button" className={`${styles.item} ${styles.step}`} disabled>
              <ChevronLeftIcon size={16} />
              Prev
            </button>
          )}
        </li>
        {items.map((item) =>
          typeof item === 'number' ? (
            <li key={item}>
              <Link
                to={hrefFor(item)}
                className={styles.item}
                aria-current={item === current ? 'page' : undefined}
                aria-label={`Page ${item}`}
              >
                {item}
              </Link>
            </li>
          ) : (
            <li key={item} className={styles.gap} aria-hidden="true">
              …
            </li>
          ),
        )}
        <li>
          {current < totalPages ? (
            <Link to={hrefFor(current + 1)} className={`${styles.item} ${styles.step}`} rel="next">
              Next
              <ChevronRightIcon size={16} />
            </Link>
          ) : (
            <button type="button" className={`${styles.item} ${styles.step}`} disabled>
              Next
              <ChevronRightIcon size={16} />
            </button>
          )}
        </li>
      </ul>
    </nav>
  );
}
