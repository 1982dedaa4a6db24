// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { queueFiltersToSearch, readQueueFilters } from './filters';

describe('the returns queue filters', () => {
  it('reads what it writes and drops what is not a filter', () => {
    const filters = { status: 'APPROVED', kind: 'exchange' as const, q: 'JF-1', from: '2026-11-01', to: '2026-11-26', page: 2 };
    expect(readQueueFilters(queueFiltersToSearch(filters))).toEqual(filters);
    expect(readQueueFilters(new URLSearchParams('status=nope&kind=gift&from=yesterday&page=-3'))).toEqual({
      status: '',
      kind: '',
      q: '',
      from: '',
      to: '',
      page: 1,
    });
  });
});
