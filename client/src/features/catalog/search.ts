// Product search (GET /api/products/search). Injected by the search page's chunk, which alone
// calls it, so the listing path's initial JS doesn't carry it.
import { api } from '../../lib/api';
import { listParams, pageTags, productPageSize, toPage } from './api';
import type { ProductPage, SearchQuery } from './types';

export const searchApi = api.injectEndpoints({
  endpoints: (build) => ({
    searchProducts: build.query<ProductPage, SearchQuery>({
      query: ({ q, page, limit = productPageSize }) => ({
        url: 'products/search',
        params: listParams({ q: q.trim(), page, limit }),
      }),
      transformResponse: toPage,
      providesTags: pageTags,
    }),
  }),
});

export const { useSearchProductsQuery } = searchApi;
