// Sale calls for the back office (admins; lib/api.ts sends the back-office token). A change
// also refreshes this tab's storefront sale data; other tabs hear sale.changed.
import { api } from '../../../lib/api';
import type { AdminSale, AdminSalePage, SaleBody, SaleCategory } from './types';

const withSales = api.enhanceEndpoints({ addTagTypes: ['AdminSale'] });

export const adminSalesApi = withSales.injectEndpoints({
  endpoints: (build) => ({
    getAdminSales: build.query<AdminSalePage, number>({
      query: (page) => ({ url: 'admin/sales', params: { page } }),
      providesTags: ['AdminSale'],
    }),
    getSaleCategories: build.query<{ items: SaleCategory[] }, void>({
      query: () => 'admin/categories',
    }),
    createSale: build.mutation<AdminSale, SaleBody>({
      query: (body) => ({ url: 'admin/sales', method: 'POST', body }),
      invalidatesTags: ['AdminSale', 'Sale', 'Product'],
    }),
    updateSale: build.mutation<AdminSale, { id: string; body: Partial<SaleBody> }>({
      query: ({ id, body }) => ({ url: `admin/sales/${id}`, method: 'PATCH', body }),
      invalidatesTags: ['AdminSale', 'Sale', 'Product'],
    }),
    switchSale: build.mutation<AdminSale, { id: string; on: boolean }>({
      query: ({ id, on }) => ({ url: `admin/sales/${id}/status`, method: 'PUT', body: { saleStatus: on } }),
      invalidatesTags: ['AdminSale', 'Sale', 'Product'],
    }),
    deleteSale: build.mutation<unknown, string>({
      query: (id) => ({ url: `admin/sales/${id}`, method: 'DELETE' }),
      invalidatesTags: ['AdminSale', 'Sale', 'Product'],
    }),
  }),
});

export const {
  useGetAdminSalesQuery,
  useGetSaleCategoriesQuery,
  useCreateSaleMutation,
  useUpdateSaleMutation,
  useSwitchSaleMutation,
  useDeleteSaleMutation,
} = adminSalesApi;
