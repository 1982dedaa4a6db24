// Suggestions as the shopper types (GET /api/products/suggest). Injected by the search box's
// lazy chunk and the search page, so the listing path's initial JS doesn't carry it.
import { api } from '../../lib/api';

/** A product the search box offers: enough to show and open it. */
export interface SuggestedProduct {
  _id: string;
  productId: string;
  productName: string;
  slug: string;
  thumbnail: string;
  subCategory: string;
}

/** A sub-category the search box offers; its listing is /products/{categoryType}. */
export interface SuggestedCategory {
  _id: string;
  categoryType: string;
  category: string;
}

/**
 * What /api/products/suggest answers. closest: no product matched every word, these match
 * some; popular: nothing matched, the categories are the best stocked.
 */
export interface Suggestions {
  products: SuggestedProduct[];
  categories: SuggestedCategory[];
  closest: boolean;
  popular: boolean;
}

export const suggestApi = api.injectEndpoints({
  endpoints: (build) => ({
    suggestProducts: build.query<Suggestions, string>({
      query: (q) => ({ url: 'products/suggest', params: { q } }),
      transformResponse: (data: unknown): Suggestions => {
        const body = (data ?? {}) as Partial<Suggestions>;
        return {
          products: body.products ?? [],
          categories: body.categories ?? [],
          closest: body.closest === true,
          popular: body.popular === true,
        };
      },
      keepUnusedDataFor: 120,
    }),
  }),
});

export const { useSuggestProductsQuery } = suggestApi;
