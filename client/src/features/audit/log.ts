// What the audit screen derives from the log: its filters in the URL (any change goes back to
// page 1), what an action means in words, and which fields a change touched.
import type { AuditEntry, AuditFilters, FieldChange } from './types';

export const entityTypes = [
  'product',
  'category',
  'sub-category',
  'sale',
  'coupon',
  'order',
  'user',
  'review',
  'company',
  'cms page',
  'image',
  'team account',
] as const;

const isoDate = /^\d{4}-\d{2}-\d{2}$/;

export const emptyAuditFilters: AuditFilters = { page: 1, actor: '', entityType: '', action: '', startDate: '', endDate: '' };

/** The filters an audit URL's query string says (anything unreadable is left out). */
export function readAuditFilters(search: URLSearchParams): AuditFilters {
  const page = Number(search.get('page'));
  const date = (key: string) => {
    const value = (search.get(key) ?? '').trim();
    return isoDate.test(value) ? value : '';
  };
  const entityType = (search.get('entity') ?? '').trim();
  return {
    page: Number.isInteger(page) && page > 1 ? page : 1,
    actor: (search.get('who') ?? '').trim(),
    entityType: (entityTypes as readonly string[]).includes(entityType) ? entityType : '',
    action: (search.get('action') ?? '').trim(),
    startDate: date('from'),
    endDate: date('to'),
  };
}

/** The query string for filters, without empty values or page 1. */
export function auditFiltersToSearch(filters: AuditFilters): URLSearchParams {
  const search = new URLSearchParams();
  if (filters.actor) search.set('who', filters.actor);
  if (filters.entityType) search.set('entity', filters.entityType);
  if (filters.action) search.set('action', filters.action);
  if (filters.startDate) search.set('from', filters.startDate);
  if (filters.endDate) search.set('to', filters.endDate);
  if (filters.page > 1) search.set('page', String(filters.page));
  return search;
}

/** The filters after change: a changed filter goes back to page 1. */
export function changeAuditFilters(filters: AuditFilters, change: Partial<Omit<AuditFilters, 'page'>>): AuditFilters {
  const next = { ...filters, ...change };
  const changed = (Object.keys(change) as (keyof typeof change)[]).some((key) => filters[key] !== next[key]);
  return changed ? { ...next, page: 1 } : filters;
}

/** The API's query parameters for filters. */
export function auditQueryParams(filters: AuditFilters): Record<string, string | number> {
  const params: Record<string, string | number> = { page: filters.page };
  if (filters.actor) params.actor = filters.actor;
  if (filters.entityType) params.entityType = filters.entityType;
  if (filters.action) params.action = filters.action;
  if (filters.startDate) params.startDate = filters.startDate;
  if (filters.endDate) params.endDate = filters.endDate;
  return params;
}

const verbs: Record<string, string> = { POST: 'Created or changed', PUT: 'Changed', PATCH: 'Changed', DELETE: 'Deleted' };

/** An action in words: "Deleted", "Changed status of", … from its method and route. */
export function actionInWords(action: string): string {
  const [method = '', route = ''] = action.split(' ');
  if (route.endsWith('/status') || route.endsWith('/active') || route === '/api/orderStatus') return 'Changed status of';
  if (route.endsWith('/stock')) return 'Changed stock of';
  if (route === '/api/refund') return 'Refunded';
  if (route.endsWith('/push')) return 'Pushed to Shiprocket';
  if (method === 'POST' && !route.includes(':')) return 'Created';
  return verbs[method] ?? action;
}

function show(value: unknown): string {
  if (value === undefined) return '—';
  if (value === null) return 'empty';
  if (typeof value === 'string') return value === '' ? 'empty' : value;
  return JSON.stringify(value);
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/**
 * The top-level fields that differ between an entry's before and after, in field order: for a
 * new entity every field it has, for a deleted one every field it had.
 */
export function fieldChanges(entry: Pick<AuditEntry, 'before' | 'after'>): FieldChange[] {
  const before = isRecord(entry.before) ? entry.before : {};
  const after = isRecord(entry.after) ? entry.after : {};
  const fields = [...new Set([...Object.keys(before), ...Object.keys(after)])];
  return fields
    .filter((field) => JSON.stringify(before[field]) !== JSON.stringify(after[field]))
    .filter((field) => !['updatedAt', 'updated_at'].includes(field))
    .map((field) => ({ field, before: show(before[field]), after: show(after[field]) }));
}
