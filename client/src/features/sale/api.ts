import { api } from '../../lib/api';
import type { Sale } from './types';

export const saleApi = api.injectEndpoints({
  endpoints: (build) => ({
    getSale: build.query<Sale[], void>({
      query: () => 'getsale',
      transformResponse: (data: unknown) => (Array.isArray(data) ? (data as Sale[]) : []),
      providesTags: ['Sale'],
    }),
  }),
});

export const { useGetSaleQuery } = saleApi;
