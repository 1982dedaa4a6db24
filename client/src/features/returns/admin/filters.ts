// The queue's filters in the URL (?status=&kind=&q=&from=&to=&page=), read and written.
import type { QueueFilters } from './types';

const day = /^\d{4}-\d{2}-\d{2}$/;

/** The statuses the queue offers as filters and counts, in the order of a request's life. */
export const queueStatuses: { status: string; label: string }[] = [
  { status: 'REQUESTED', label: 'Requested' },
  { status: 'APPROVED', label: 'Approved' },
  { status: 'PICKUP_SCHEDULED', label: 'Pickup scheduled' },
  { status: 'PICKED_UP', label: 'Picked up' },
  { status: 'RECEIVED', label: 'Received' },
  { status: 'QC_PASSED', label: 'QC passed' },
  { status: 'QC_FAILED', label: 'QC failed' },
  { status: 'REFUNDED', label: 'Refunded' },
  { status: 'EXCHANGED', label: 'Exchanged' },
  { status: 'CLOSED', label: 'Closed' },
  { status: 'REJECTED', label: 'Rejected' },
  { status: 'CANCELLED', label: 'Cancelled' },
];

export function readQueueFilters(search: URLSearchParams): QueueFilters {
  const status = (search.get('status') ?? '').toUpperCase();
  const kind = search.get('kind');
  const page = Number(search.get('page'));
  const date = (key: string) => {
    const value = search.get(key) ?? '';
    return day.test(value) ? value : '';
  };
  return {
    status: queueStatuses.some((s) => s.status === status) ? status : '',
    kind: kind === 'return' || kind === 'exchange' ? kind : '',
    q: (search.get('q') ?? '').trim(),
    from: date('from'),
    to: date('to'),
    page: Number.isInteger(page) && page > 0 ? page : 1,
  };
}

export function queueFiltersToSearch(filters: QueueFilters): URLSearchParams {
  const search = new URLSearchParams();
  if (filters.status) search.set('status', filters.status);
  if (filters.kind) search.set('kind', filters.kind);
  if (filters.q) search.set('q', filters.q);
  if (filters.from) search.set('from', filters.from);
  if (filters.to) search.set('to', filters.to);
  if (filters.page > 1) search.set('page', String(filters.page));
  return search;
}
