import { api } from '../../lib/api';
import type { Sale } from './types';

/** GET /api/getsale's data as a list (anything else is no sale). */
const toSales = (data: unknown) => (Array.isArray(data) ? (data as Sale[]) : []);

export const saleApi = api.injectEndpoints({
  endpoints: (build) => ({
    getSale: build.query<Sale[], void>({
      query: () => 'getsale',
      transformResponse: toSales,
      providesTags: ['Sale'],
    }),
  }),
});

export const { useGetSaleQuery } = saleApi;

/**
 * Seeds the sale list from the page itself: the server puts the running sales in
 * <meta name="drape-sales"> (as GET /api/getsale answers them), so the banner is in the first
 * render rather than pushing the page down when the call returns.
 */
export const seedSalesFromPage = () => {
  const content = document.querySelector('meta[name="drape-sales"]')?.getAttribute('content');
  if (!content) return null;
  try {
    return saleApi.util.upsertQueryData('getSale', undefined, toSales(JSON.parse(content)));
  } catch {
    return null;
  }
};
