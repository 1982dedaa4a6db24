// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { customerFiltersToSearch, customerQueryParams, personName, readCustomerFilters } from './list';

describe('customer filters in the URL', () => {
  it('shows shoppers by default and keeps other choices', () => {
    expect(readCustomerFilters(new URLSearchParams(''))).toEqual({ page: 1, search: '', role: 'user' });
    const staff = { page: 2, search: 'meera', role: 'staff' as const };
    expect(readCustomerFilters(customerFiltersToSearch(staff))).toEqual(staff);
    const everyone = { page: 1, search: '', role: '' as const };
    expect(customerFiltersToSearch(everyone).toString()).toBe('role=all');
    expect(readCustomerFilters(customerFiltersToSearch(everyone))).toEqual(everyone);
    expect(readCustomerFilters(new URLSearchParams('role=root&page=x')).role).toBe('user');
  });

  it('asks the server for the role only when one is chosen', () => {
    expect(customerQueryParams({ page: 1, search: '', role: '' })).toEqual({ page: 1 });
    expect(customerQueryParams({ page: 3, search: 'ravi', role: 'user' })).toEqual({ page: 3, search: 'ravi', role: 'user' });
  });

  it('names people by name, else e-mail', () => {
    expect(personName({ firstName: 'Meera', lastName: 'Iyer', email: 'm@x.in' })).toBe('Meera Iyer');
    expect(personName({ firstName: '', lastName: '', email: 'm@x.in' })).toBe('m@x.in');
  });
});
