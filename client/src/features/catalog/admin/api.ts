// The back office's product list calls: GET /api/admin/products (staff and admins) and
// POST /api/admin/products/status (admins; staff get 403). Changing products also refreshes
// the storefront's product caches.
import { api } from '../../../lib/api';
import { productQueryParams } from './list';
import type { AdminProductFilters, AdminProductPage, BulkStatus } from './types';

const withAdminProducts = api.enhanceEndpoints({ addTagTypes: ['AdminProduct'] });

export const adminProductsApi = withAdminProducts.injectEndpoints({
  endpoints: (build) => ({
    getAdminProducts: build.query<AdminProductPage, AdminProductFilters>({
      query: (filters) => ({ url: 'admin/products', params: productQueryParams(filters) }),
      providesTags: ['AdminProduct'],
    }),
    setProductsStatus: build.mutation<{ updated: number }, { ids: string[]; status: BulkStatus }>({
      query: (body) => ({ url: 'admin/products/status', method: 'POST', body }),
      invalidatesTags: ['AdminProduct', 'Product'],
    }),
  }),
});

export const { useGetAdminProductsQuery, useSetProductsStatusMutation } = adminProductsApi;
