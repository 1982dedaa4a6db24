// The table of a back-office list screen (products, customers, coupons, sales, reviews, the
// audit log, payments): the summary line with its "Updating" sign, the table with its headings,
// a loading, empty or error row in place of the rows, bulk selection with its toolbar, "Try
// again" after a failed load, and the pages below. The screens keep their filters, their cells
// and their dialogs.
import { useEffect, type HTMLAttributes, type ReactNode } from 'react';
import { useDispatch } from 'react-redux';
import type { ApiError } from '../lib/api';
import { toastShown } from '../lib/toast';
import { Button } from './Button';
import { Pagination } from './Pagination';
import { Spinner } from './Spinner';
import styles from './BackOfficeList.module.css';

/** BackOfficeColumn is one column: its heading and, unless the screen draws whole rows, its cell. */
export interface BackOfficeColumn<T> {
  /** The heading's text; with `hideHeading`, read by screen readers only (an actions column). */
  heading: string;
  hideHeading?: boolean;
  /** Figures: right-aligned, tabular digits. */
  numeric?: boolean;
  /** The class of the column's cells (not its heading), beside `numeric`'s. */
  className?: string;
  /** The cell of `item` (a `<td>`'s content). */
  cell?: (item: T) => ReactNode;
}

/** BackOfficeSelection turns on bulk selection: a checkbox a row, one for the page, and a toolbar. */
export interface BackOfficeSelection<T> {
  /** The ids selected, in the order they were. */
  selected: string[];
  onChange: (selected: string[]) => void;
  /** The page's checkbox ("Select every product on this page") and a row's ("Select Kurta"). */
  allLabel: string;
  itemLabel: (item: T) => string;
  /** The toolbar's name, what it says while nothing is selected, and its buttons. */
  toolbarLabel: string;
  prompt: string;
  actions: ReactNode;
}

/** BackOfficePage is what the table reads of a page of a list: which page it is, of how many. */
export interface BackOfficePage {
  page: number;
  totalPages: number;
}

/** BackOfficeQuery is the part of a list's RTK Query result the table reads: the page and its state. */
export interface BackOfficeQuery<D extends BackOfficePage> {
  /** The page, once one has come (the last one while another loads). */
  data?: D;
  /** The first load, any load, a failed one. */
  isLoading: boolean;
  isFetching: boolean;
  isError: boolean;
  /** Loads the page again ("Try again"). */
  refetch: () => unknown;
}

/** BackOfficePages is the pagination below the table: links to `hrefFor(page)`. */
export interface BackOfficePages {
  label: string;
  hrefFor: (page: number) => string;
}

export interface BackOfficeTableProps<T, D extends BackOfficePage = BackOfficePage> {
  /** The table's accessible name ("Products"). */
  label: string;
  columns: readonly BackOfficeColumn<T>[];
  items: readonly T[];
  /** The item's id: the row's key and what selection holds. */
  itemId: (item: T) => string;
  /** The list's query result (`useGetCouponsQuery(...)` as it comes). */
  query: BackOfficeQuery<D>;
  /** The row's words while loading, when there is nothing, and when the load failed. */
  messages: { loading: string; empty: string; error: string };
  /** The summary's text for the page ("12 products · page 1 of 2"), drawn once the first page is in. */
  summary?: (data: D) => ReactNode;
  /** Show "Updating" in the summary while a load after the first is under way (default true). */
  showUpdating?: boolean;
  /** Attributes of an item's row (its accessible name, an extra class). */
  rowProps?: (item: T) => HTMLAttributes<HTMLTableRowElement>;
  /** Draws an item's rows itself (a row with a details row under it); `columns` then give headings only. */
  renderRows?: (item: T) => ReactNode;
  selection?: BackOfficeSelection<T>;
  /** What stands between the summary (and the selection's toolbar) and the table: a note. */
  beforeTable?: ReactNode;
  /** Offers "Try again" (the query's refetch) after a failed load (default true). */
  retry?: boolean;
  pages?: BackOfficePages;
}

/** BackOfficeCount is how a list's summary counts: `none` for 0, `one` for 1, else the number and `many`. */
export interface BackOfficeCount {
  none: string;
  one: string;
  many: string;
}

/** countSummary is a summary that counts the list and names the page ("12 products · page 1 of 2"). */
export function countSummary({ none, one, many }: BackOfficeCount) {
  return (data: BackOfficePage & { total: number }) => (
    <>
      {data.total === 0 ? none : data.total === 1 ? one : `${data.total.toLocaleString('en-IN')} ${many}`}
      {data.totalPages > 1 && ` · page ${data.page} of ${data.totalPages}`}
    </>
  );
}

/** useLoadFailedToast toasts a list's failed load (SPEC: a failed load shows as a toast): the server's message, or `fallback`. */
export function useLoadFailedToast({ isError, error }: { isError: boolean; error?: unknown }, fallback: string) {
  const dispatch = useDispatch();
  useEffect(() => {
    if (isError) dispatch(toastShown({ message: (error as Partial<ApiError> | undefined)?.message || fallback, type: 'error' }));
  }, [dispatch, isError, error, fallback]);
}

/** BackOfficeTable is a back-office list's summary, table, states, selection and pages. */
export function BackOfficeTable<T, D extends BackOfficePage = BackOfficePage>({
  label,
  columns,
  items,
  itemId,
  query,
  messages,
  summary,
  showUpdating = true,
  rowProps,
  renderRows,
  selection,
  beforeTable,
  retry = true,
  pages,
}: BackOfficeTableProps<T, D>) {
  const { data, isLoading, isFetching, isError, refetch } = query;
  const span = columns.length + (selection ? 1 : 0);
  const onPage = items.map(itemId);
  const allSelected = selection !== undefined && onPage.length > 0 && onPage.every((id) => selection.selected.includes(id));
  const cellClass = (column: BackOfficeColumn<T>) => [column.numeric && styles.numeric, column.className].filter(Boolean).join(' ') || undefined;

  function row(item: T) {
    if (renderRows) return renderRows(item);
    const id = itemId(item);
    const checked = selection?.selected.includes(id) ?? false;
    const { className, ...attributes } = rowProps?.(item) ?? {};
    return (
      <tr key={id} className={className ? `${styles.row} ${className}` : styles.row} aria-selected={selection ? checked : undefined} {...attributes}>
        {selection && (
          <td className={styles.check}>
            <input
              type="checkbox"
              aria-label={selection.itemLabel(item)}
              checked={checked}
              onChange={() => selection.onChange(checked ? selection.selected.filter((other) => other !== id) : [...selection.selected, id])}
            />
          </td>
        )}
        {columns.map((column) => (
          <td key={column.heading} className={cellClass(column)}>
            {column.cell?.(item)}
          </td>
        ))}
      </tr>
    );
  }

  return (
    <>
      <div className={styles.summary} aria-live="polite">
        {summary && data && !isLoading && <span>{summary(data)}</span>}
        {showUpdating && isFetching && !isLoading && (
          <span className={styles.refreshing}>
            <Spinner size={14} /> Updating
          </span>
        )}
      </div>

      {selection && (
        <div className={styles.bulk} role="toolbar" aria-label={selection.toolbarLabel} data-active={selection.selected.length > 0 || undefined}>
          <span className={styles.count}>{selection.selected.length === 0 ? selection.prompt : `${selection.selected.length} selected`}</span>
          {selection.actions}
        </div>
      )}
      {beforeTable}

      <div className={styles.tableWrap}>
        <table className={styles.table} aria-label={label} aria-busy={isFetching || undefined}>
          <thead>
            <tr>
              {selection && (
                <th scope="col" className={styles.check}>
                  <input type="checkbox" aria-label={selection.allLabel} checked={allSelected} onChange={() => selection.onChange(allSelected ? [] : onPage)} />
                </th>
              )}
              {columns.map((column) => (
                <th key={column.heading} scope="col" className={column.numeric ? styles.numeric : undefined}>
                  {column.hideHeading ? <span className="visually-hidden">{column.heading}</span> : column.heading}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {isLoading ? (
              <tr>
                <td colSpan={span} className={styles.state}>
                  {messages.loading}
                </td>
              </tr>
            ) : items.length === 0 ? (
              <tr>
                <td colSpan={span} className={styles.state}>
                  {isError ? messages.error : messages.empty}
                </td>
              </tr>
            ) : (
              items.map(row)
            )}
          </tbody>
        </table>
      </div>

      {isError && retry && (
        <div>
          <Button variant="secondary" onClick={() => void refetch()}>
            Try again
          </Button>
        </div>
      )}

      {pages && data && <Pagination page={data.page} totalPages={data.totalPages} label={pages.label} hrefFor={pages.hrefFor} />}
    </>
  );
}
