// The order board's filters live in the URL (/admin/orders?status=NEW&q=jaipur&page=2), so a
// filtered view can be bookmarked, shared and survives a reload. Any filter change goes back to
// page 1. SPEC §5: a search of exactly 24 hex characters is sent as an order id, anything else
// as free text, lowercased.
import type { AdminOrderFilters, PushState } from './types';

/** Query string keys of the board's URL. */
const keys = { page: 'page', orderStatus: 'status', search: 'q', startDate: 'from', endDate: 'to', mode: 'pay', push: 'push' } as const;

const pushStates: readonly PushState[] = ['failed', 'waiting', 'pushed', 'confirm'];

const isoDate = /^\d{4}-\d{2}-\d{2}$/;

export const emptyFilters: AdminOrderFilters = { page: 1, orderStatus: '', search: '', startDate: '', endDate: '', mode: '', push: '' };

/** The filters a board URL's query string says (anything unreadable is left out). */
export function readFilters(search: URLSearchParams): AdminOrderFilters {
  const page = Number(search.get(keys.page));
  const date = (key: string) => {
    const value = (search.get(key) ?? '').trim();
    return isoDate.test(value) ? value : '';
  };
  const mode = (search.get(keys.mode) ?? '').toLowerCase();
  const push = (search.get(keys.push) ?? '').toLowerCase() as PushState;
  return {
    page: Number.isInteger(page) && page > 1 ? page : 1,
    orderStatus: (search.get(keys.orderStatus) ?? '').trim().toUpperCase(),
    search: (search.get(keys.search) ?? '').trim(),
    startDate: date(keys.startDate),
    endDate: date(keys.endDate),
    mode: mode === 'cod' || mode === 'online' ? mode : '',
    push: pushStates.includes(push) ? push : '',
  };
}

/** The query string for `filters`, without empty values or page 1. */
export function filtersToSearch(filters: AdminOrderFilters): URLSearchParams {
  const search = new URLSearchParams();
  if (filters.orderStatus) search.set(keys.orderStatus, filters.orderStatus);
  if (filters.search.trim()) search.set(keys.search, filters.search.trim());
  if (filters.startDate) search.set(keys.startDate, filters.startDate);
  if (filters.endDate) search.set(keys.endDate, filters.endDate);
  if (filters.mode) search.set(keys.mode, filters.mode);
  if (filters.push) search.set(keys.push, filters.push);
  if (filters.page > 1) search.set(keys.page, String(filters.page));
  return search;
}

type FilterChange = Partial<Omit<AdminOrderFilters, 'page'>>;

/** The filters after `change`: any change of a filter goes back to page 1. */
export function changeFilters(filters: AdminOrderFilters, change: FilterChange): AdminOrderFilters {
  const next = { ...filters, ...change };
  const changed = (Object.keys(change) as (keyof FilterChange)[]).some((key) => filters[key] !== next[key]);
  return changed ? { ...next, page: 1 } : filters;
}

/** The same filters on another page. */
export function onPage(filters: AdminOrderFilters, page: number): AdminOrderFilters {
  return { ...filters, page: Math.max(1, Math.floor(page)) };
}

/** True when nothing narrows the list (every order, newest first). */
export function isUnfiltered(filters: AdminOrderFilters): boolean {
  return !filters.orderStatus && !filters.search.trim() && !filters.startDate && !filters.endDate && !filters.mode && !filters.push;
}

/** Exactly 24 hex characters: an order's _id. */
export function isOrderId(text: string): boolean {
  return /^[0-9a-f]{24}$/i.test(text);
}

/** GET /api/admin/getalloder's query for `filters` (page size 10, SPEC §9). */
export function orderQueryParams(filters: AdminOrderFilters, limit = 10): Record<string, string | number> {
  const params: Record<string, string | number> = { page: filters.page, limit };
  if (filters.orderStatus) params.orderStatus = filters.orderStatus;
  const text = filters.search.trim();
  if (text) {
    if (isOrderId(text)) params.orderId = text.toLowerCase();
    else params.search = text.toLowerCase();
  }
  if (filters.startDate) params.startDate = filters.startDate;
  if (filters.endDate) params.endDate = filters.endDate;
  if (filters.mode) params.filter = filters.mode;
  if (filters.push) params.push = filters.push;
  return params;
}
