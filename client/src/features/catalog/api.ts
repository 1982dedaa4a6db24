import { api } from '../../lib/api';
import type { CategoryList, SubCategory } from './types';

export const catalogApi = api.injectEndpoints({
  endpoints: (build) => ({
    getCategory: build.query<CategoryList, void>({
      query: () => 'getcategory',
      transformResponse: (data: unknown): CategoryList => {
        const items = (data as Partial<CategoryList> | null)?.items;
        return { items: Array.isArray(items) ? items : [] };
      },
      providesTags: ['Category'],
    }),
  }),
});

export const { useGetCategoryQuery } = catalogApi;

/** Every sub-category across categories, once each by name, in the order the server sent them. */
export function subCategoriesOf(list: CategoryList | undefined): SubCategory[] {
  const seen = new Set<string>();
  const result: SubCategory[] = [];
  for (const category of list?.items ?? []) {
    for (const subCategory of category.subCategory ?? []) {
      const name = subCategory.categoryType?.trim();
      if (!name || seen.has(name)) continue;
      seen.add(name);
      result.push(subCategory);
    }
  }
  return result;
}
