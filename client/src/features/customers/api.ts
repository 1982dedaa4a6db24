// The customers screen's calls: GET /api/admin/users and POST /api/admin/users/{id}/active
// (staff and admins; lib/api.ts sends the back-office token).
import { api } from '../../lib/api';
import { customerQueryParams } from './list';
import type { Customer, CustomerFilters, CustomerPage } from './types';

const withCustomers = api.enhanceEndpoints({ addTagTypes: ['Customer'] });

export const customersApi = withCustomers.injectEndpoints({
  endpoints: (build) => ({
    getCustomers: build.query<CustomerPage, CustomerFilters>({
      query: (filters) => ({ url: 'admin/users', params: customerQueryParams(filters) }),
      providesTags: ['Customer'],
    }),
    setCustomerActive: build.mutation<Customer, { id: string; active: boolean }>({
      query: ({ id, active }) => ({ url: `admin/users/${id}/active`, method: 'POST', body: { active } }),
      invalidatesTags: ['Customer'],
    }),
  }),
});

export const { useGetCustomersQuery, useSetCustomerActiveMutation } = customersApi;
