// The customers screen's calls: GET /api/admin/users and POST /api/admin/users/{id}/active
// (staff and admins), and a person's cash-on-delivery standing, GET and PUT (admins)
// /api/admin/users/{id}/cod. lib/api.ts sends the back-office token.
import { api } from '../../lib/api';
import { customerQueryParams } from './list';
import type { CODStanding, Customer, CustomerFilters, CustomerPage } from './types';

const withCustomers = api.enhanceEndpoints({ addTagTypes: ['Customer', 'CODStanding'] });

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
    getCODStanding: build.query<CODStanding, string>({
      query: (id) => `admin/users/${id}/cod`,
      providesTags: (_result, _error, id) => [{ type: 'CODStanding', id }],
    }),
    setCODOverride: build.mutation<CODStanding, { id: string; override: boolean | null; note: string }>({
      query: ({ id, override, note }) => ({ url: `admin/users/${id}/cod`, method: 'PUT', body: { override, note } }),
      invalidatesTags: (_result, _error, { id }) => [{ type: 'CODStanding', id }],
    }),
  }),
});

export const { useGetCustomersQuery, useSetCustomerActiveMutation, useGetCODStandingQuery, useSetCODOverrideMutation } = customersApi;
