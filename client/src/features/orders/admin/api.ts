// The back office's order calls: the board's pages (GET /api/admin/getalloder), moving an order
// (POST /api/orderStatus), refunding it (POST /api/refund, admins only) and pushing it to
// Shiprocket again (POST /api/admin/orders/{id}/push). lib/api.ts sends the admin token on all
// of them. The board's pages have their own tag: shopper-side order events (the 'Order' tag)
// never refetch them; the board patches its rows from admin:orders events instead.
import type { UnknownAction } from '@reduxjs/toolkit';
import { api } from '../../../lib/api';
import { toAdminOrderDetail, type AdminOrderDetail } from './detail';
import { orderQueryParams } from './filters';
import { replaceOrderRow, toAdminOrder, toAdminOrderPage } from './rows';
import type { AdminOrder, AdminOrderFilters, AdminOrderPage } from './types';

export const adminOrdersPageSize = 10;

const withAdminOrders = api.enhanceEndpoints({ addTagTypes: ['AdminOrder'] });

export interface StatusChange {
  id: string;
  orderStatus: string;
  note?: string;
}

export interface RefundRequest {
  id: string;
  reason?: string;
}

export const adminOrdersApi = withAdminOrders.injectEndpoints({
  endpoints: (build) => ({
    getAdminOrders: build.query<AdminOrderPage, AdminOrderFilters>({
      query: (filters) => ({ url: 'admin/getalloder', params: orderQueryParams(filters, adminOrdersPageSize) }),
      transformResponse: toAdminOrderPage,
      providesTags: ['AdminOrder'],
    }),
    /** The order page: one order by id or number, with its timeline, payment, shipment and refund. */
    getAdminOrder: build.query<AdminOrderDetail, string>({
      query: (id) => ({ url: `admin/orders/${encodeURIComponent(id)}` }),
      transformResponse: toAdminOrderDetail,
      providesTags: ['AdminOrder'],
    }),
    /** SPEC §4: after a status update the orders cache is invalidated. */
    changeOrderStatus: build.mutation<AdminOrder, StatusChange>({
      query: (body) => ({ url: 'orderStatus', method: 'POST', body }),
      transformResponse: toAdminOrder,
      invalidatesTags: ['AdminOrder', 'Order'],
      onQueryStarted: (_change, { dispatch, getState, queryFulfilled }) =>
        queryFulfilled.then(({ data }) => replaceEverywhere(dispatch, getState, data), () => {}),
    }),
    /** SPEC §4: after a refund the orders and cart caches are invalidated. */
    refundOrder: build.mutation<AdminOrder, RefundRequest>({
      query: (body) => ({ url: 'refund', method: 'POST', body }),
      transformResponse: toAdminOrder,
      invalidatesTags: ['AdminOrder', 'Order', 'Cart'],
      onQueryStarted: (_refund, { dispatch, getState, queryFulfilled }) =>
        queryFulfilled.then(({ data }) => replaceEverywhere(dispatch, getState, data), () => {}),
    }),
    /** Staff confirm a cash-on-delivery order after calling the shopper: its push is queued. */
    confirmCodOrder: build.mutation<AdminOrder, { id: string; note: string }>({
      query: ({ id, note }) => ({ url: `admin/orders/${encodeURIComponent(id)}/cod-confirmation`, method: 'POST', body: { note } }),
      transformResponse: toAdminOrder,
      invalidatesTags: ['AdminOrder', 'Order'],
      onQueryStarted: (_confirm, { dispatch, getState, queryFulfilled }) =>
        queryFulfilled.then(({ data }) => replaceEverywhere(dispatch, getState, data), () => {}),
    }),
    retryPush: build.mutation<AdminOrder, string>({
      query: (id) => ({ url: `admin/orders/${encodeURIComponent(id)}/push`, method: 'POST' }),
      transformResponse: toAdminOrder,
      invalidatesTags: ['AdminOrder'],
      onQueryStarted: (_id, { dispatch, getState, queryFulfilled }) =>
        queryFulfilled.then(({ data }) => replaceEverywhere(dispatch, getState, data), () => {}),
    }),
  }),
});

export const {
  useGetAdminOrdersQuery,
  useGetAdminOrderQuery,
  useChangeOrderStatusMutation,
  useRefundOrderMutation,
  useRetryPushMutation,
  useConfirmCodOrderMutation,
} = adminOrdersApi;

type State = Parameters<typeof adminOrdersApi.util.selectCachedArgsForQuery>[0];

/** Every page of the board in the cache (each filter and page seen). */
export function cachedBoardArgs(state: unknown): AdminOrderFilters[] {
  return adminOrdersApi.util.selectCachedArgsForQuery(state as State, 'getAdminOrders');
}

/** The cached board page for `filters`, if there is one. */
export function cachedBoardPage(state: unknown, filters: AdminOrderFilters): AdminOrderPage | undefined {
  return adminOrdersApi.endpoints.getAdminOrders.select(filters)(state as State).data;
}

/** Patches every cached board page with `recipe`; answers whether any page held the order. */
export function patchBoardPages(
  dispatch: (action: UnknownAction) => unknown,
  getState: () => unknown,
  recipe: (page: AdminOrderPage) => boolean,
): boolean {
  let found = false;
  for (const args of cachedBoardArgs(getState())) {
    dispatch(
      adminOrdersApi.util.updateQueryData('getAdminOrders', args, (page) => {
        if (recipe(page)) found = true;
      }) as unknown as UnknownAction,
    );
  }
  return found;
}

function replaceEverywhere(dispatch: (action: UnknownAction) => unknown, getState: () => unknown, order: AdminOrder) {
  patchBoardPages(dispatch, getState, (page) => replaceOrderRow(page, order));
}
