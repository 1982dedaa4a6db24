// The back office's returns queue (/admin/returnorders): every shopper's return and exchange
// requests, newest first, ten to a page, filtered by status (with counts per status), kind,
// the days they were asked and a search by order or request number or the shopper's name or
// e-mail, all kept in the URL. A row opens the request in a drawer (ReturnRequestDrawer); the
// queue follows admin:orders live (admin/live.ts).
import { useId, useState, type FormEvent } from 'react';
import { useLocation, useSearchParams } from '../../../lib/router';
import { BackOfficeTable, useLoadFailedToast, type BackOfficeColumn } from '../../../components/BackOfficeTable';
import { Button } from '../../../components/Button';
import list from '../../../components/BackOfficeList.module.css';
import { useGetReturnQueueQuery } from '../admin/api';
import { queueFiltersToSearch, queueStatuses, readQueueFilters } from '../admin/filters';
import { useLiveReturnQueue } from '../admin/live';
import type { AdminReturnRequest, QueueFilters } from '../admin/types';
import { ReturnRequestDrawer } from './ReturnRequestDrawer';
import styles from './ReturnQueue.module.css';
import { indiaDayTime } from '../../../lib/indiaTime';


function when(at: string): string {
  const date = new Date(at);
  return Number.isNaN(date.getTime()) ? '' : indiaDayTime.format(date);
}

/** The tone of a status's pill. */
export function statusTone(status: string): string {
  if (status === 'REQUESTED') return styles.toneNew ?? '';
  if (['REJECTED', 'QC_FAILED', 'CANCELLED'].includes(status)) return styles.toneBad ?? '';
  if (['REFUNDED', 'EXCHANGED', 'CLOSED', 'QC_PASSED'].includes(status)) return styles.toneDone ?? '';
  return styles.toneMoving ?? '';
}

/** The queue; canReveal offers an admin the Reveal of a COD refund's payout details. */
export function ReturnQueue({ canReveal = false }: { canReveal?: boolean }) {
  const [search, setSearch] = useSearchParams();
  const { pathname } = useLocation();
  const filters = readQueueFilters(search);
  const open = search.get('open') ?? '';
  const result = useGetReturnQueueQuery(filters);
  const highlights = useLiveReturnQueue();
  useLoadFailedToast(result, 'The returns could not be loaded');
  const data = result.data;
  const counts = data?.counts ?? {};
  const all = Object.values(counts).reduce((sum, n) => sum + n, 0);

  const apply = (next: QueueFilters) => setSearch(queueFiltersToSearch(next));
  const openRequest = (id: string) => {
    const next = queueFiltersToSearch(filters);
    if (id) next.set('open', id);
    setSearch(next, { replace: !id });
  };

  const columns: BackOfficeColumn<AdminReturnRequest>[] = [
    {
      heading: 'Request',
      className: styles.requestCell,
      cell: (r) => (
        <>
          <button type="button" className={styles.open} onClick={() => openRequest(r._id)} aria-label={`Open ${r.returnId}`}>
            {r.returnId}
          </button>
          <span className={list.sub}>
            <span className={`${styles.kind} ${r.kind === 'exchange' ? styles.exchange : ''}`}>{r.kind === 'exchange' ? 'Exchange' : 'Return'}</span>
            {when(r.createdAt)}
          </span>
        </>
      ),
    },
    {
      heading: 'Shopper',
      className: styles.shopperCell,
      cell: (r) => (
        <>
          <span className={list.who}>{r.customer?.name || '—'}</span>
          <span className={list.sub}>{r.customer?.email}</span>
        </>
      ),
    },
    {
      heading: 'Items',
      className: styles.itemsCell,
      cell: (r) => (
        <>
          {r.lines.map((line) => (
            <span key={line.item} className={styles.line}>
              {line.quantity} × {line.productName} · {line.size}
              {line.newSize && <> → {line.newSize}</>}
            </span>
          ))}
          <span className={list.sub}>{r.reason.label}</span>
        </>
      ),
    },
    {
      heading: 'Status',
      className: styles.statusCell,
      cell: (r) => (
        <span className={`${styles.pill} ${statusTone(r.status)}`} data-testid="queue-status">
          {r.statusLabel}
        </span>
      ),
    },
  ];

  return (
    <div className={`${list.page} ${styles.queue}`}>
      <title>Returns — drape back office</title>
      <header>
        <p className={list.eyebrow}>Back office</p>
        <h1 className={list.title}>Returns</h1>
        <p className={list.lede}>Return and exchange requests from shoppers, newest first: approve them, follow the pickup and check what comes back.</p>
      </header>

      <nav className={styles.counts} aria-label="Requests by status">
        <button type="button" className={styles.count} aria-pressed={filters.status === ''} onClick={() => apply({ ...filters, status: '', page: 1 })}>
          <span className={styles.countLabel}>All</span>
          <span className={styles.countValue}>{data ? all : '·'}</span>
        </button>
        {queueStatuses.map(({ status, label }) => (
          <button
            key={status}
            type="button"
            className={styles.count}
            aria-pressed={filters.status === status}
            data-empty={!counts[status] || undefined}
            onClick={() => apply({ ...filters, status, page: 1 })}
          >
            <span className={styles.countLabel}>{label}</span>
            <span className={styles.countValue}>{data ? (counts[status] ?? 0) : '·'}</span>
          </button>
        ))}
      </nav>

      <Filters key={search.toString()} filters={filters} onApply={(next) => apply({ ...next, page: 1 })} />

      <BackOfficeTable
        label="Return requests"
        columns={columns}
        items={data?.items ?? []}
        itemId={(r) => r._id}
        query={result}
        messages={{
          loading: 'Loading the returns…',
          empty: filters.status || filters.kind || filters.q || filters.from || filters.to ? 'No requests match these filters.' : 'No return or exchange requests yet.',
          error: 'The returns could not be loaded.',
        }}
        summary={(page) => (
          <>
            {page.total === 0 ? 'No requests' : page.total === 1 ? '1 request' : `${page.total.toLocaleString('en-IN')} requests`}
            {page.totalPages > 1 && ` · page ${page.page} of ${page.totalPages}`}
          </>
        )}
        rowProps={(r) => ({
          className: `${styles.row} ${highlights[r._id] ? styles.lit : ''}`,
          'aria-label': `${r.returnId}, ${r.statusLabel}`,
          onClick: (event) => {
            if (!(event.target as HTMLElement).closest('button, a')) openRequest(r._id);
          },
        })}
        pages={{
          label: 'Return request pages',
          hrefFor: (page) => {
            const query = queueFiltersToSearch({ ...filters, page }).toString();
            return query ? `${pathname}?${query}` : pathname;
          },
        }}
      />

      {open && <ReturnRequestDrawer id={open} canReveal={canReveal} onClose={() => openRequest('')} />}
    </div>
  );
}

function Filters({ filters, onApply }: { filters: QueueFilters; onApply: (next: QueueFilters) => void }) {
  const ids = { q: useId(), kind: useId(), status: useId(), from: useId(), to: useId() };
  const [text, setText] = useState(filters.q);
  const [from, setFrom] = useState(filters.from);
  const [to, setTo] = useState(filters.to);
  function submit(event: FormEvent) {
    event.preventDefault();
    onApply({ ...filters, q: text.trim(), from, to });
  }
  const cleared = !filters.status && !filters.kind && !filters.q && !filters.from && !filters.to;
  return (
    <form className={`${list.filters} ${styles.filters}`} role="search" aria-label="Filter returns" onSubmit={submit}>
      <div className={`${list.filter} ${styles.search}`}>
        <label htmlFor={ids.q}>Search</label>
        <input id={ids.q} type="search" value={text} placeholder="Order number, shopper or e-mail" autoComplete="off" onChange={(e) => setText(e.target.value)} />
      </div>
      <div className={list.filter}>
        <label htmlFor={ids.status}>Status</label>
        <select id={ids.status} value={filters.status} onChange={(e) => onApply({ ...filters, q: text.trim(), from, to, status: e.target.value })}>
          <option value="">Any status</option>
          {queueStatuses.map(({ status, label }) => (
            <option key={status} value={status}>
              {label}
            </option>
          ))}
        </select>
      </div>
      <div className={list.filter}>
        <label htmlFor={ids.kind}>Kind</label>
        <select id={ids.kind} value={filters.kind} onChange={(e) => onApply({ ...filters, q: text.trim(), from, to, kind: e.target.value as QueueFilters['kind'] })}>
          <option value="">Returns and exchanges</option>
          <option value="return">Returns</option>
          <option value="exchange">Exchanges</option>
        </select>
      </div>
      <div className={list.filter}>
        <label htmlFor={ids.from}>Asked from</label>
        <input id={ids.from} type="date" value={from} max={to || undefined} onChange={(e) => setFrom(e.target.value)} />
      </div>
      <div className={list.filter}>
        <label htmlFor={ids.to}>Asked until</label>
        <input id={ids.to} type="date" value={to} min={from || undefined} onChange={(e) => setTo(e.target.value)} />
      </div>
      <div className={styles.filterButtons}>
        <Button type="submit" variant="secondary">
          Search
        </Button>
        {!cleared && (
          <Button variant="quiet" onClick={() => onApply({ status: '', kind: '', q: '', from: '', to: '', page: 1 })}>
            Clear
          </Button>
        )}
      </div>
    </form>
  );
}
