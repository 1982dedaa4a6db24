// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { actionInWords, auditFiltersToSearch, changeAuditFilters, emptyAuditFilters, fieldChanges, readAuditFilters } from './log';

describe('audit filters in the URL', () => {
  it('reads what it wrote and drops what it cannot read', () => {
    const filters = { ...emptyAuditFilters, page: 3, actor: 'admin@drape.local', entityType: 'coupon', startDate: '2026-11-01' };
    expect(readAuditFilters(auditFiltersToSearch(filters))).toEqual(filters);
    expect(readAuditFilters(new URLSearchParams('entity=spaceship&from=yesterday&page=-2'))).toEqual(emptyAuditFilters);
  });

  it('goes back to page 1 when a filter changes, not when it stays', () => {
    const onPage4 = { ...emptyAuditFilters, page: 4, entityType: 'order' };
    expect(changeAuditFilters(onPage4, { entityType: 'sale' }).page).toBe(1);
    expect(changeAuditFilters(onPage4, { entityType: 'order' }).page).toBe(4);
  });
});

describe('an entry in words', () => {
  it('names the action', () => {
    expect(actionInWords('POST /api/admin/coupons')).toBe('Created');
    expect(actionInWords('PUT /api/admin/coupons/:id')).toBe('Changed');
    expect(actionInWords('DELETE /api/admin/products/:id')).toBe('Deleted');
    expect(actionInWords('POST /api/orderStatus')).toBe('Changed status of');
    expect(actionInWords('PUT /api/admin/products/:id/stock')).toBe('Changed stock of');
    expect(actionInWords('POST /api/refund')).toBe('Refunded');
  });

  it('lists only the fields that changed', () => {
    expect(
      fieldChanges({ before: { code: 'DIWALI', discount: 10, updatedAt: 'a' }, after: { code: 'DIWALI', discount: 15, updatedAt: 'b', note: '' } }),
    ).toEqual([
      { field: 'discount', before: '10', after: '15' },
      { field: 'note', before: '—', after: 'empty' },
    ]);
    expect(fieldChanges({ before: null, after: { code: 'NEW10' } })).toEqual([{ field: 'code', before: '—', after: 'NEW10' }]);
    expect(fieldChanges({ before: { code: 'OLD' }, after: null })).toEqual([{ field: 'code', before: 'OLD', after: '—' }]);
  });
});
