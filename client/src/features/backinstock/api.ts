// Back-in-stock alerts (issue 20): a shopper or a guest asks to be told when a sold-out size is
// back (POST /api/products/{id}/restock-alerts); the stop link of the mail; the waiting demand
// per size on the back office's product page.
import { api, type ApiMeta } from '../../lib/api';

/** A waiting request, as the server answers the ask. */
export interface RestockAlert {
  id: string;
  productId: string;
  size: string;
  email: string;
  askedAt: string;
  /** This e-mail was already waiting for this size. */
  alreadyAsked: boolean;
  /** The server's sentence: 'Done: we will e-mail … when size M is back'. */
  message: string;
}

/** What a stop link names: the e-mail (partly hidden) and its requests. */
export interface StopLink {
  email: string;
  waiting: number;
  stopped: number;
  message: string;
}

/** Requests waiting for one size of a product. */
export interface SizeDemand {
  size: string;
  waiting: number;
  oldest: string;
}

/** An answer's data with its message beside it. */
function withMessage<T extends { message: string }>(data: Omit<T, 'message'>, meta: ApiMeta | undefined): T {
  return { ...data, message: meta?.message ?? '' } as T;
}

export const backInStockApi = api.injectEndpoints({
  endpoints: (build) => ({
    askRestockAlert: build.mutation<RestockAlert, { productId: string; size: string; email?: string }>({
      query: ({ productId, ...body }) => ({
        url: `products/${encodeURIComponent(productId)}/restock-alerts`,
        method: 'POST',
        body,
      }),
      transformResponse: withMessage<RestockAlert>,
    }),
    restockStopLink: build.query<StopLink, string>({
      query: (token) => `restock-alerts/${encodeURIComponent(token)}`,
    }),
    stopRestockAlerts: build.mutation<StopLink, string>({
      query: (token) => ({ url: `restock-alerts/${encodeURIComponent(token)}/stop`, method: 'POST' }),
      transformResponse: withMessage<StopLink>,
    }),
    restockDemand: build.query<SizeDemand[], string>({
      query: (productId) => `admin/products/${encodeURIComponent(productId)}/restock-alerts`,
    }),
  }),
});

export const { useAskRestockAlertMutation, useRestockStopLinkQuery, useStopRestockAlertsMutation, useRestockDemandQuery } =
  backInStockApi;
