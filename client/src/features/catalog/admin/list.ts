// The product list's filters in the URL (any change goes back to page 1), what its rows say,
// and what a bulk change does, in words.
import type { AdminProduct, AdminProductFilters, BulkStatus, ProductSort, ProductStatusFilter, StockFilter } from './types';

const statuses: ProductStatusFilter[] = ['active', 'inactive', 'BestSeller'];
const stocks: StockFilter[] = ['out', 'in', 'low'];
const sorts: ProductSort[] = ['oldest', 'name', 'price', '-price'];

export const emptyProductFilters: AdminProductFilters = { page: 1, search: '', subCategory: '', status: '', stock: '', sort: '' };

/** The filters a product list URL says (anything unreadable is left out). */
export function readProductFilters(search: URLSearchParams): AdminProductFilters {
  const page = Number(search.get('page'));
  const pick = <T extends string>(key: string, allowed: T[]): T | '' => {
    const value = (search.get(key) ?? '') as T;
    return allowed.includes(value) ? value : '';
  };
  return {
    page: Number.isInteger(page) && page > 1 ? page : 1,
    search: (search.get('q') ?? '').trim(),
    subCategory: (search.get('type') ?? '').trim(),
    status: pick('status', statuses),
    stock: pick('stock', stocks),
    sort: pick('sort', sorts),
  };
}

/** The query string for filters, without empty values or page 1. */
export function productFiltersToSearch(filters: AdminProductFilters): URLSearchParams {
  const search = new URLSearchParams();
  if (filters.search) search.set('q', filters.search);
  if (filters.subCategory) search.set('type', filters.subCategory);
  if (filters.status) search.set('status', filters.status);
  if (filters.stock) search.set('stock', filters.stock);
  if (filters.sort) search.set('sort', filters.sort);
  if (filters.page > 1) search.set('page', String(filters.page));
  return search;
}

/** The filters after change: a changed filter goes back to page 1. */
export function changeProductFilters(filters: AdminProductFilters, change: Partial<Omit<AdminProductFilters, 'page'>>): AdminProductFilters {
  const next = { ...filters, ...change };
  const changed = (Object.keys(change) as (keyof typeof change)[]).some((key) => filters[key] !== next[key]);
  return changed ? { ...next, page: 1 } : filters;
}

/** The API's query parameters for filters. */
export function productQueryParams(filters: AdminProductFilters): Record<string, string | number> {
  const params: Record<string, string | number> = { page: filters.page };
  if (filters.search) params.search = filters.search;
  if (filters.subCategory) params.subCategory = filters.subCategory;
  if (filters.status) params.status = filters.status;
  if (filters.stock) params.stock = filters.stock;
  if (filters.sort) params.sort = filters.sort;
  return params;
}

/**
 * A row's stock in words: "Sold out", "12 in stock · S sold out", "23 in stock · 3 S left".
 * lowAt is the server's LowStockAt (internal/catalog), the back office's "low" everywhere.
 */
export function stockInWords(product: Pick<AdminProduct, 'totalStock' | 'stock'>, lowAt = 5): { text: string; tone: 'good' | 'low' | 'out' } {
  if (product.totalStock <= 0) return { text: 'Sold out', tone: 'out' };
  const low = Object.entries(product.stock ?? {}).filter(([, count]) => count <= lowAt);
  const soldOut = low.filter(([, count]) => count === 0).map(([size]) => size);
  if (soldOut.length > 0) return { text: `${product.totalStock} in stock · ${soldOut.join(', ')} sold out`, tone: 'low' };
  if (low.length > 0) return { text: `${product.totalStock} in stock · ${low.map(([size, count]) => `${count} ${size}`).join(', ')} left`, tone: 'low' };
  return { text: `${product.totalStock} in stock`, tone: 'good' };
}

export const bulkActions: { status: BulkStatus; label: string; done: string }[] = [
  { status: 'active', label: 'Show on the storefront', done: 'shown on the storefront' },
  { status: 'inactive', label: 'Hide', done: 'hidden from the storefront' },
  { status: 'BestSeller', label: 'Mark best seller', done: 'marked best sellers' },
  { status: 'regular', label: 'Unmark best seller', done: 'no longer best sellers' },
];
