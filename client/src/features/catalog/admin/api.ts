// The back office's product list calls: GET /api/admin/products (staff and admins) and
// POST /api/admin/products/status (admins; staff get 403). Changing products also refreshes
// the storefront's product caches.
import { api } from '../../../lib/api';
import { productQueryParams } from './list';
import type { EditedProduct, productBody } from './editor';
import type { AdminProductFilters, AdminProductPage, BulkStatus } from './types';

type ProductBody = ReturnType<typeof productBody>;

/** A sub-category as the editor offers it. */
export interface EditorCategory {
  _id: string;
  name: string;
  gender: string;
  subCategory: { _id: string; categoryType: string }[];
}

const withAdminProducts = api.enhanceEndpoints({ addTagTypes: ['AdminProduct'] });

export const adminProductsApi = withAdminProducts.injectEndpoints({
  endpoints: (build) => ({
    getAdminProducts: build.query<AdminProductPage, AdminProductFilters>({
      query: (filters) => ({ url: 'admin/products', params: productQueryParams(filters) }),
      providesTags: ['AdminProduct'],
    }),
    getAdminProduct: build.query<EditedProduct, string>({
      query: (id) => `admin/products/${id}`,
      providesTags: ['AdminProduct'],
    }),
    getEditorCategories: build.query<{ items: EditorCategory[] }, void>({
      query: () => 'admin/categories',
    }),
    createProduct: build.mutation<EditedProduct, ProductBody>({
      query: (body) => ({ url: 'admin/products', method: 'POST', body }),
      invalidatesTags: ['AdminProduct', 'Product'],
    }),
    updateProduct: build.mutation<EditedProduct, { id: string; body: ProductBody }>({
      query: ({ id, body }) => ({ url: `admin/products/${id}`, method: 'PUT', body }),
      invalidatesTags: ['AdminProduct', 'Product'],
    }),
    setProductsStatus: build.mutation<{ updated: number }, { ids: string[]; status: BulkStatus }>({
      query: (body) => ({ url: 'admin/products/status', method: 'POST', body }),
      invalidatesTags: ['AdminProduct', 'Product'],
    }),
  }),
});

export const {
  useGetAdminProductsQuery,
  useSetProductsStatusMutation,
  useGetAdminProductQuery,
  useGetEditorCategoriesQuery,
  useCreateProductMutation,
  useUpdateProductMutation,
} = adminProductsApi;
