// Banner calls: the storefront's read (GET /api/banners) and the back office's list and changes
// (/api/admin/banners; lib/api.ts sends the back-office token). Banners count as the catalog's
// presentation: the server announces their changes as catalog.changed, which refetches
// 'Category' answers in every open tab (lib/realtime.ts), so the storefront read provides it.
import { api } from '../../lib/api';
import type { Banner, BannerBody } from './types';

const withBanners = api.enhanceEndpoints({ addTagTypes: ['AdminBanner'] });

export const bannersApi = withBanners.injectEndpoints({
  endpoints: (build) => ({
    getBanners: build.query<Banner[], void>({
      query: () => 'banners',
      transformResponse: (data: { items: Banner[] }) => data.items,
      providesTags: [{ type: 'Category', id: 'banners' }],
    }),
    getAdminBanners: build.query<Banner[], void>({
      query: () => 'admin/banners',
      transformResponse: (data: { items: Banner[] }) => data.items,
      providesTags: ['AdminBanner', { type: 'Category', id: 'banners' }],
    }),
    createBanner: build.mutation<Banner, BannerBody>({
      query: (body) => ({ url: 'admin/banners', method: 'POST', body }),
      invalidatesTags: ['AdminBanner', { type: 'Category', id: 'banners' }],
    }),
    updateBanner: build.mutation<Banner, { id: string; body: Partial<BannerBody> }>({
      query: ({ id, body }) => ({ url: `admin/banners/${id}`, method: 'PATCH', body }),
      invalidatesTags: ['AdminBanner', { type: 'Category', id: 'banners' }],
    }),
    deleteBanner: build.mutation<unknown, string>({
      query: (id) => ({ url: `admin/banners/${id}`, method: 'DELETE' }),
      invalidatesTags: ['AdminBanner', { type: 'Category', id: 'banners' }],
    }),
  }),
});

export const {
  useGetBannersQuery,
  useGetAdminBannersQuery,
  useCreateBannerMutation,
  useUpdateBannerMutation,
  useDeleteBannerMutation,
} = bannersApi;

/**
 * The banners the page itself carries (the server puts them, as GET /api/banners answers them,
 * in <meta name="drape-banners"> on the home page), for the first render before the call
 * returns; undefined when the page has none.
 */
export function bannersFromPage(): Banner[] | undefined {
  const content = document.querySelector('meta[name="drape-banners"]')?.getAttribute('content');
  if (!content) return undefined;
  try {
    const items = (JSON.parse(content) as { items?: unknown }).items;
    return Array.isArray(items) ? (items as Banner[]) : undefined;
  } catch {
    return undefined;
  }
}
