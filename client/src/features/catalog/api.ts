import { api } from '../../lib/api';
import type { CategoryList, PageMetadata, Product, ProductListQuery, ProductPage, SubCategory } from './types';

/** SPEC §9: listings fetch 12 at a time. */
export const productPageSize = 12;

/** A page of products as the views use it: missing lists empty, missing counts worked out. */
export function toPage(data: unknown): ProductPage {
  const body = (data ?? {}) as Partial<ProductPage>;
  const items = Array.isArray(body.items) ? body.items.map(normaliseProduct) : [];
  const metadata: Partial<PageMetadata> = body.metadata ?? {};
  return {
    items,
    metadata: {
      total: metadata.total ?? items.length,
      page: metadata.page ?? 1,
      limit: metadata.limit ?? productPageSize,
      totalPages: metadata.totalPages ?? (items.length > 0 ? 1 : 0),
    },
    ...(body.facets ? { facets: body.facets } : {}),
  };
}

/** Lists the server may leave out or send as null become empty, so views never check. */
export function normaliseProduct(product: Product): Product {
  return {
    ...product,
    images: product.images ?? [],
    sale: product.sale ?? [],
    sizes: product.sizes ?? [],
    stock: product.stock ?? {},
  };
}

/** A list call's query parameters, without the unset ones. */
export function listParams(query: Record<string, string | number | undefined>): Record<string, string | number> {
  const params: Record<string, string | number> = {};
  for (const [key, value] of Object.entries(query)) {
    if (value !== undefined && value !== '') params[key] = value;
  }
  return params;
}

/** The cache tags of a page of products: the list, and each product on it. */
export function pageTags(page: ProductPage | undefined) {
  return [
    { type: 'Product' as const, id: 'LIST' },
    ...(page?.items ?? []).map((product) => ({ type: 'Product' as const, id: product._id })),
  ];
}

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
    getProducts: build.query<ProductPage, ProductListQuery>({
      query: ({ limit = productPageSize, ...query }) => ({
        url: 'getproduct',
        params: listParams({ ...query, limit }),
      }),
      transformResponse: toPage,
      providesTags: pageTags,
    }),
    getProduct: build.query<Product, string>({
      query: (id) => ({ url: `getproduct/${encodeURIComponent(id)}`, headers: { Accept: 'application/json' } }),
      transformResponse: (data: unknown) => normaliseProduct(data as Product),
      providesTags: (_product, _error, id) => [{ type: 'Product', id }],
    }),
  }),
});

export const {
  useGetCategoryQuery,
  useGetProductsQuery,
  useGetProductQuery,
} = catalogApi;

/**
 * Seeds the catalog calls a page's first render makes from the page itself: with a first screen
 * (server/firstscreen.go) the server puts what GET /api/getcategory, GET /api/getproduct?type=
 * and GET /api/getproduct/{id} would answer into <meta name="drape-catalog">, so the page renders
 * without waiting for them.
 */
export function seedCatalogFromPage() {
  const content = document.querySelector('meta[name="drape-catalog"]')?.getAttribute('content');
  if (!content) return null;
  let seeded: { categories?: Partial<CategoryList>; listing?: { query: ProductListQuery; page: unknown }; product?: Product };
  try {
    seeded = JSON.parse(content) as typeof seeded;
  } catch {
    return null;
  }
  return catalogApi.util.upsertQueryEntries([
    ...(seeded.categories ? [{ endpointName: 'getCategory' as const, arg: undefined, value: { items: seeded.categories.items ?? [] } }] : []),
    ...(seeded.listing ? [{ endpointName: 'getProducts' as const, arg: seeded.listing.query, value: toPage(seeded.listing.page) }] : []),
    ...[seeded.product?._id, seeded.product?.slug]
      .filter((key): key is string => Boolean(key))
      .map((key) => ({ endpointName: 'getProduct' as const, arg: key, value: normaliseProduct(seeded.product!) })),
  ]);
}

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

/** The sub-category named `name` (any case), for its banner image. */
export function findSubCategory(list: CategoryList | undefined, name: string): SubCategory | undefined {
  const wanted = name.trim().toLowerCase();
  return subCategoriesOf(list).find((subCategory) => subCategory.categoryType.trim().toLowerCase() === wanted);
}

/** The category (Men, Women) a sub-category belongs to. */
export function categoryOf(list: CategoryList | undefined, subCategoryName: string) {
  const wanted = subCategoryName.trim().toLowerCase();
  return list?.items.find((category) =>
    (category.subCategory ?? []).some((subCategory) => subCategory.categoryType.trim().toLowerCase() === wanted),
  );
}
