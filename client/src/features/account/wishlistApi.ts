// The wishlist calls: GET /api/wishlist (priced products), POST /api/wishlist {productId},
// DELETE /api/wishlist/{productId}. Saving and removing change the cached list at once and put
// it back when the server says no.
import { api, type ApiMeta } from '../../lib/api';
import type { SavedProduct, Wishlist } from './types';

const toMessage = (_data: unknown, meta: ApiMeta | undefined) => meta?.message ?? '';

export const wishlistApi = api.injectEndpoints({
  endpoints: (build) => ({
    getWishlist: build.query<Wishlist, void>({
      query: () => 'wishlist',
      transformResponse: (data: unknown): Wishlist => {
        const items = (data as Partial<Wishlist> | null)?.items;
        return { items: Array.isArray(items) ? items : [] };
      },
      providesTags: ['Wishlist'],
    }),
    saveToWishlist: build.mutation<string, SavedProduct>({
      query: (product) => ({ url: 'wishlist', method: 'POST', body: { productId: product._id } }),
      transformResponse: toMessage,
      async onQueryStarted(product, { dispatch, queryFulfilled }) {
        const patch = dispatch(
          wishlistApi.util.updateQueryData('getWishlist', undefined, (draft) => {
            if (!draft.items.some((item) => item._id === product._id)) draft.items.unshift(product);
          }),
        );
        await queryFulfilled.catch(() => patch.undo());
      },
    }),
    removeFromWishlist: build.mutation<string, SavedProduct>({
      query: (product) => ({ url: `wishlist/${encodeURIComponent(product._id)}`, method: 'DELETE' }),
      transformResponse: toMessage,
      async onQueryStarted(product, { dispatch, queryFulfilled }) {
        const patch = dispatch(
          wishlistApi.util.updateQueryData('getWishlist', undefined, (draft) => {
            draft.items = draft.items.filter((item) => item._id !== product._id);
          }),
        );
        await queryFulfilled.catch(() => patch.undo());
      },
    }),
  }),
});

export const { useGetWishlistQuery, useSaveToWishlistMutation, useRemoveFromWishlistMutation } = wishlistApi;
