// Failed deliveries (NDR): the shopper's link page and answer, an order's failed attempt on the
// shopper's and staff's order pages, and the back office's NDR queue. Everything is tagged
// 'Order', so the order and shipment events of the shopper's topic and the admin order board
// refresh it live.
import { api } from '../../lib/api';
import type { DeliveryChoices, DeliveryIssue, NdrAnswer, NdrQueue } from './types';

export const ndrApi = api.injectEndpoints({
  endpoints: (builder) => ({
    getDeliveryChoices: builder.query<DeliveryChoices, string>({
      query: (token) => `delivery-issue/${encodeURIComponent(token)}`,
      providesTags: ['Order'],
    }),
    answerDeliveryIssue: builder.mutation<DeliveryIssue, { token: string; answer: NdrAnswer }>({
      query: ({ token, answer }) => ({ url: `delivery-issue/${encodeURIComponent(token)}`, method: 'POST', body: answer }),
      invalidatesTags: ['Order'],
    }),
    getOrderDeliveryIssue: builder.query<DeliveryIssue | null, string>({
      query: (orderId) => `orders/${encodeURIComponent(orderId)}/delivery-issue`,
      providesTags: ['Order'],
    }),
    getStaffOrderDeliveryIssue: builder.query<DeliveryIssue | null, string>({
      query: (id) => `admin/orders/${encodeURIComponent(id)}/delivery-issue`,
      providesTags: ['Order'],
    }),
    getNdrQueue: builder.query<NdrQueue, void>({
      query: () => 'admin/ndr',
      providesTags: ['Order'],
    }),
    answerNdr: builder.mutation<DeliveryIssue, { id: string; answer: NdrAnswer }>({
      query: ({ id, answer }) => ({ url: `admin/ndr/${encodeURIComponent(id)}/answer`, method: 'POST', body: answer }),
      invalidatesTags: ['Order'],
    }),
  }),
});

export const {
  useGetDeliveryChoicesQuery,
  useAnswerDeliveryIssueMutation,
  useGetOrderDeliveryIssueQuery,
  useGetStaffOrderDeliveryIssueQuery,
  useGetNdrQueueQuery,
  useAnswerNdrMutation,
} = ndrApi;
