// The customers screen's filters in the URL (any change goes back to page 1) and how a person
// is named on it.
import type { AccountRole, Customer, CustomerFilters } from './types';

export const roles: { value: AccountRole | ''; label: string }[] = [
  { value: 'user', label: 'Shoppers' },
  { value: 'staff', label: 'Staff' },
  { value: 'admin', label: 'Admins' },
  { value: '', label: 'Everyone' },
];

/** The filters a customers URL says; shoppers unless it names another role or everyone. */
export function readCustomerFilters(search: URLSearchParams): CustomerFilters {
  const page = Number(search.get('page'));
  const role = search.get('role');
  return {
    page: Number.isInteger(page) && page > 1 ? page : 1,
    search: (search.get('q') ?? '').trim(),
    role: role === 'all' ? '' : role === 'staff' || role === 'admin' ? role : 'user',
  };
}

/** The query string for filters, without defaults (shoppers, page 1). */
export function customerFiltersToSearch(filters: CustomerFilters): URLSearchParams {
  const search = new URLSearchParams();
  if (filters.search) search.set('q', filters.search);
  if (filters.role !== 'user') search.set('role', filters.role || 'all');
  if (filters.page > 1) search.set('page', String(filters.page));
  return search;
}

/** The API's query parameters for filters. */
export function customerQueryParams(filters: CustomerFilters): Record<string, string | number> {
  return { page: filters.page, ...(filters.search ? { search: filters.search } : {}), ...(filters.role ? { role: filters.role } : {}) };
}

/** A person's name as the list shows it, the e-mail when they gave none. */
export function personName(person: Pick<Customer, 'firstName' | 'lastName' | 'email'>): string {
  return `${person.firstName} ${person.lastName}`.trim() || person.email;
}
