// Category calls for the back office: the list (staff and admins) and the changes (admins;
// staff get 403). A change refreshes this tab's storefront categories and listings; other tabs
// hear catalog.changed.
import { api } from '../../../lib/api';
import type { AdminCategory, categoryBody, subCategoryBody } from './categories';

type CategoryBody = ReturnType<typeof categoryBody>;
type SubCategoryBody = ReturnType<typeof subCategoryBody>;

const withCategories = api.enhanceEndpoints({ addTagTypes: ['AdminCategory'] });
const changed = ['AdminCategory', 'Category', 'Product'] as const;

export const adminCategoriesApi = withCategories.injectEndpoints({
  endpoints: (build) => ({
    getAdminCategories: build.query<AdminCategory[], void>({
      query: () => 'admin/categories',
      transformResponse: (data: { items: AdminCategory[] }) => data.items,
      providesTags: ['AdminCategory'],
    }),
    createCategory: build.mutation<AdminCategory, CategoryBody>({
      query: (body) => ({ url: 'admin/categories', method: 'POST', body }),
      invalidatesTags: [...changed],
    }),
    updateCategory: build.mutation<AdminCategory, { id: string; body: Partial<CategoryBody> }>({
      query: ({ id, body }) => ({ url: `admin/categories/${id}`, method: 'PATCH', body }),
      invalidatesTags: [...changed],
    }),
    deleteCategory: build.mutation<unknown, string>({
      query: (id) => ({ url: `admin/categories/${id}`, method: 'DELETE' }),
      invalidatesTags: [...changed],
    }),
    createSubCategory: build.mutation<unknown, SubCategoryBody>({
      query: (body) => ({ url: 'admin/subcategories', method: 'POST', body }),
      invalidatesTags: [...changed],
    }),
    updateSubCategory: build.mutation<unknown, { id: string; body: Partial<SubCategoryBody> }>({
      query: ({ id, body }) => ({ url: `admin/subcategories/${id}`, method: 'PATCH', body }),
      invalidatesTags: [...changed],
    }),
    deleteSubCategory: build.mutation<unknown, string>({
      query: (id) => ({ url: `admin/subcategories/${id}`, method: 'DELETE' }),
      invalidatesTags: [...changed],
    }),
  }),
});

export const {
  useGetAdminCategoriesQuery,
  useCreateCategoryMutation,
  useUpdateCategoryMutation,
  useDeleteCategoryMutation,
  useCreateSubCategoryMutation,
  useUpdateSubCategoryMutation,
  useDeleteSubCategoryMutation,
} = adminCategoriesApi;
