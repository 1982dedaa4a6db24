// The server cart of a signed-in shopper (contract of issue 5, SPEC §7): GET /api/getcartdetails,
// POST /api/addToCart (one line, or the guest cart as a list after sign-in), POST
// /api/updatecart?cartId=, DELETE /api/deletecart?cartId= and DELETE /api/deletecart. The server
// prices every line and total; the client shows them. A quantity change shows at once and is put
// back when the server says no (SPEC §4). Loaded with the cart screens and the first signed-in
// add, never with the first page.
import type { ThunkDispatch, UnknownAction } from '@reduxjs/toolkit';
import { api, type ApiError, type ApiMeta } from '../../lib/api';
import { toastShown } from '../../lib/toast';
import { serverCartCacheKey } from './cartSlice';
import { summarise } from './summary';
import type { CartAddition, CartLine, CartSummary, ServerCart } from './types';

/** SPEC §8's cart messages. */
export const cartMessages = {
  added: 'Item added to cart',
  addFailed: 'Failed to add item to cart',
  removed: 'Item removed from cart',
  removeFailed: 'Failed to remove item from cart',
  cleared: 'Cart cleared',
  clearFailed: 'Failed to clear cart',
  fetchFailed: 'Failed to fetch cart details',
  updateFailed: 'Failed to update quantity',
} as const;

export interface AddToCartRequest {
  /** One line from a product page or quick view, or the guest cart's lines after sign-in. */
  items: CartAddition | CartAddition[];
  /** Sends this token rather than the stored one (the merge right after sign-in). */
  token?: string;
  /** No toasts: the caller reports (the merge after sign-in is only logged when it fails). */
  quiet?: boolean;
}

export interface AddToCartResult extends ServerCart {
  /** Stock caps and skipped lines, e.g. 'Only 3 left in size M of Slim Shirt; your cart has 3'. */
  notes: string[];
  message: string;
}

type Dispatch = ThunkDispatch<unknown, unknown, UnknownAction>;

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null;
}

/** A wire cart line with the fields the screens rely on always present. */
export function normaliseLine(raw: unknown): CartLine {
  const line = (isRecord(raw) ? raw : {}) as Partial<CartLine> & { productDetails?: { _id?: string } };
  const productId = line.productId ?? line.id ?? line.productDetails?._id ?? '';
  const productName = line.productName ?? line.name ?? '';
  const discountedPrice = line.discountedPrice ?? line.finalAmount ?? line.price ?? 0;
  return {
    ...line,
    id: line.id ?? productId,
    productId,
    name: line.name ?? productName,
    productName,
    size: line.size ?? '',
    quantity: line.quantity ?? 1,
    price: line.price ?? discountedPrice,
    discount: line.discount ?? 0,
    discountedPrice,
    finalAmount: line.finalAmount ?? discountedPrice,
    total: line.total ?? 0,
    thumbnail: line.thumbnail ?? '',
    gender: line.gender ?? '',
    category: line.category ?? '',
    soldOut: line.soldOut === true,
    problem: line.problem ?? '',
  };
}

/** `data` of the cart answers: {data: [lines], summary} (an older reading sends the list alone). */
export function toServerCart(data: unknown): ServerCart {
  const body = isRecord(data) ? data : {};
  const list = Array.isArray(data) ? data : Array.isArray(body.data) ? body.data : [];
  const lines = list.map(normaliseLine);
  const summary = isRecord(body.summary) ? ({ ...summarise(lines), ...body.summary } as CartSummary) : summarise(lines);
  return { lines, summary };
}

/** The server's own words for a refusal (400/404/409), else `fallback`. */
export function failureMessage(failure: unknown, fallback: string): string {
  const error = (failure as { error?: ApiError } | undefined)?.error;
  const status = error?.status;
  return typeof status === 'number' && status >= 400 && status < 500 && status !== 401 && error?.message ? error.message : fallback;
}

/** Whether the call failed because the session is gone (the API already asked to sign in again). */
function sessionEnded(failure: unknown): boolean {
  return (failure as { error?: ApiError } | undefined)?.error?.status === 401;
}

/** The cart's sums after its lines changed here, until the server's own arrive. */
function resum(cart: ServerCart) {
  const { subtotal, finalAmount, totalItems, blocked } = summarise(cart.lines);
  Object.assign(cart.summary, { subtotal, finalAmount, totalItems, blocked });
}

function toastFailure(dispatch: Dispatch, failure: unknown, message: string) {
  if (!sessionEnded(failure)) dispatch(toastShown({ message, type: 'error' }));
}

export const cartApi = api.injectEndpoints({
  endpoints: (build) => ({
    getCartDetails: build.query<ServerCart, void>({
      query: () => 'getcartdetails',
      // One cart per shopper: a fixed cache key the header's badge reads (cartSlice.ts).
      serializeQueryArgs: () => serverCartCacheKey,
      transformResponse: toServerCart,
      providesTags: ['Cart'],
      async onQueryStarted(_arg, { dispatch, queryFulfilled }) {
        await queryFulfilled.catch((failure: unknown) => toastFailure(dispatch, failure, cartMessages.fetchFailed));
      },
    }),

    addToCart: build.mutation<AddToCartResult, AddToCartRequest>({
      query: ({ items, token }) => ({
        url: 'addToCart',
        method: 'POST',
        body: items,
        ...(token ? { headers: { Authorization: `Bearer ${token}` } } : {}),
      }),
      transformResponse: (data: unknown, meta: ApiMeta | undefined): AddToCartResult => {
        const notes = isRecord(data) && Array.isArray(data.notes) ? data.notes.filter((note) => typeof note === 'string') : [];
        return { ...toServerCart(data), notes, message: meta?.message || cartMessages.added };
      },
      async onQueryStarted({ quiet }, { dispatch, queryFulfilled }) {
        try {
          const { data } = await queryFulfilled;
          // The answer is the whole cart: no second call needed.
          void dispatch(cartApi.util.upsertQueryData('getCartDetails', undefined, { lines: data.lines, summary: data.summary }));
          if (!quiet) for (const note of data.notes) dispatch(toastShown({ message: note, type: 'info', durationMs: 6000 }));
        } catch (failure) {
          if (!quiet) toastFailure(dispatch, failure, failureMessage(failure, cartMessages.addFailed));
        }
      },
    }),

    updateCart: build.mutation<CartLine, { cartId: string; quantity: number }>({
      query: ({ cartId, quantity }) => ({ url: 'updatecart', method: 'POST', params: { cartId }, body: { quantity } }),
      transformResponse: normaliseLine,
      // The server re-totals the cart and says whether a size ran short: fetch it again either way.
      invalidatesTags: ['Cart'],
      async onQueryStarted({ cartId, quantity }, { dispatch, queryFulfilled }) {
        const patch = dispatch(
          cartApi.util.updateQueryData('getCartDetails', undefined, (cart) => {
            const line = cart.lines.find((candidate) => candidate._id === cartId);
            if (!line) return;
            line.quantity = quantity;
            line.total = line.finalAmount * quantity;
            resum(cart);
          }),
        );
        try {
          await queryFulfilled;
        } catch (failure) {
          patch.undo();
          toastFailure(dispatch, failure, cartMessages.updateFailed);
        }
      },
    }),

    removeFromCart: build.mutation<string, string>({
      query: (cartId) => ({ url: 'deletecart', method: 'DELETE', params: { cartId } }),
      transformResponse: (_data: unknown, meta: ApiMeta | undefined) => meta?.message || cartMessages.removed,
      invalidatesTags: (result) => (result ? ['Cart'] : []),
      async onQueryStarted(cartId, { dispatch, queryFulfilled }) {
        try {
          await queryFulfilled;
          dispatch(
            cartApi.util.updateQueryData('getCartDetails', undefined, (cart) => {
              cart.lines = cart.lines.filter((line) => line._id !== cartId);
              resum(cart);
            }),
          );
          dispatch(toastShown({ message: cartMessages.removed }));
        } catch (failure) {
          toastFailure(dispatch, failure, cartMessages.removeFailed);
        }
      },
    }),

    clearCart: build.mutation<void, void>({
      query: () => ({ url: 'deletecart', method: 'DELETE' }),
      transformResponse: () => undefined,
      async onQueryStarted(_arg, { dispatch, queryFulfilled }) {
        try {
          await queryFulfilled;
          void dispatch(cartApi.util.upsertQueryData('getCartDetails', undefined, { lines: [], summary: summarise([]) }));
          dispatch(toastShown({ message: cartMessages.cleared }));
        } catch (failure) {
          toastFailure(dispatch, failure, cartMessages.clearFailed);
        }
      },
    }),
  }),
});

export const {
  useGetCartDetailsQuery,
  useAddToCartMutation,
  useUpdateCartMutation,
  useRemoveFromCartMutation,
  useClearCartMutation,
} = cartApi;
