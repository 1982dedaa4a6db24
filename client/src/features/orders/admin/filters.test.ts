// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { changeFilters, emptyFilters, filtersToSearch, isUnfiltered, onPage, orderQueryParams, readFilters } from './filters';

describe('board filters in the URL', () => {
  it('reads every filter and the page from the query string', () => {
    const filters = readFilters(new URLSearchParams('status=new&q=Jaipur&from=2026-11-01&to=2026-11-23&pay=COD&push=FAILED&page=3'));
    expect(filters).toEqual({ page: 3, orderStatus: 'NEW', search: 'Jaipur', startDate: '2026-11-01', endDate: '2026-11-23', mode: 'cod', push: 'failed' });
  });

  it('leaves out what it cannot read', () => {
    expect(readFilters(new URLSearchParams('page=-2&from=yesterday&pay=card'))).toEqual(emptyFilters);
    expect(readFilters(new URLSearchParams('page=2.5'))).toEqual(emptyFilters);
  });

  it('writes only what narrows the list, and no page 1', () => {
    expect(filtersToSearch(emptyFilters).toString()).toBe('');
    const filters = { ...emptyFilters, orderStatus: 'DELIVERED', search: ' Aditi ', mode: 'online' as const, page: 2 };
    expect(filtersToSearch(filters).toString()).toBe('status=DELIVERED&q=Aditi&pay=online&page=2');
    expect(readFilters(filtersToSearch(filters))).toEqual({ ...filters, search: 'Aditi' });
  });

  it('goes back to page 1 whenever a filter changes', () => {
    const onPageFour = onPage({ ...emptyFilters, orderStatus: 'NEW' }, 4);
    expect(changeFilters(onPageFour, { mode: 'cod' })).toEqual({ ...emptyFilters, orderStatus: 'NEW', mode: 'cod', page: 1 });
    expect(changeFilters(onPageFour, { search: 'shirt' }).page).toBe(1);
    expect(changeFilters(onPageFour, { startDate: '2026-11-01' }).page).toBe(1);
    // Choosing what is already chosen changes nothing.
    expect(changeFilters(onPageFour, { orderStatus: 'NEW' })).toBe(onPageFour);
  });

  it('keeps the Shiprocket push state in the URL, ignoring an unknown one', () => {
    expect(readFilters(new URLSearchParams('push=failed')).push).toBe('failed');
    expect(readFilters(new URLSearchParams('push=lost')).push).toBe('');
    expect(filtersToSearch({ ...emptyFilters, push: 'pushed' }).toString()).toBe('push=pushed');
    expect(changeFilters(onPage(emptyFilters, 4), { push: 'waiting' }).page).toBe(1);
    expect(isUnfiltered({ ...emptyFilters, push: 'waiting' })).toBe(false);
  });

  it('knows an unfiltered list', () => {
    expect(isUnfiltered(onPage(emptyFilters, 3))).toBe(true);
    expect(isUnfiltered({ ...emptyFilters, endDate: '2026-11-23' })).toBe(false);
  });
});

describe('orderQueryParams (GET /api/admin/getalloder)', () => {
  it('asks for ten a page with every filter under its API name', () => {
    const filters = { page: 2, orderStatus: 'SHIPPED', search: '', startDate: '2026-11-01', endDate: '2026-11-30', mode: 'online' as const, push: 'failed' as const };
    expect(orderQueryParams(filters)).toEqual({
      page: 2,
      limit: 10,
      orderStatus: 'SHIPPED',
      startDate: '2026-11-01',
      endDate: '2026-11-30',
      filter: 'online',
      push: 'failed',
    });
  });

  it('sends exactly 24 hex characters as an order id, anything else as lowercased text (SPEC §5)', () => {
    expect(orderQueryParams({ ...emptyFilters, search: '6B049F5594CC005DE786B0B3' })).toEqual({ page: 1, limit: 10, orderId: '6b049f5594cc005de786b0b3' });
    expect(orderQueryParams({ ...emptyFilters, search: 'Aditi Verma' })).toEqual({ page: 1, limit: 10, search: 'aditi verma' });
    expect(orderQueryParams({ ...emptyFilters, search: 'DRP1795465045343UVP5HRHB37' })).toEqual({
      page: 1,
      limit: 10,
      search: 'drp1795465045343uvp5hrhb37',
    });
    // 23 or 25 hex characters are text.
    expect(orderQueryParams({ ...emptyFilters, search: 'abcdefabcdefabcdefabcde' })).toHaveProperty('search');
  });
});
