// Coupon calls for the back office (admins; lib/api.ts sends the back-office token). A change
// also refreshes the storefront's coupon list.
import { api } from '../../lib/api';
import type { AdminCoupon, AdminCouponPage, CouponBody } from './types';

const withCoupons = api.enhanceEndpoints({ addTagTypes: ['AdminCoupon'] });

export const couponsApi = withCoupons.injectEndpoints({
  endpoints: (build) => ({
    getAdminCoupons: build.query<AdminCouponPage, { page: number; status: string }>({
      query: ({ page, status }) => ({ url: 'admin/coupons', params: { page, ...(status ? { status } : {}) } }),
      providesTags: ['AdminCoupon'],
    }),
    createCoupon: build.mutation<AdminCoupon, CouponBody>({
      query: (body) => ({ url: 'admin/coupons', method: 'POST', body }),
      invalidatesTags: ['AdminCoupon'],
    }),
    updateCoupon: build.mutation<AdminCoupon, { id: string; body: CouponBody }>({
      query: ({ id, body }) => ({ url: `admin/coupons/${id}`, method: 'PUT', body }),
      invalidatesTags: ['AdminCoupon'],
    }),
    setCouponActive: build.mutation<AdminCoupon, { id: string; active: boolean }>({
      query: ({ id, active }) => ({ url: `admin/coupons/${id}/active`, method: 'POST', body: { active } }),
      invalidatesTags: ['AdminCoupon'],
    }),
    deleteCoupon: build.mutation<unknown, string>({
      query: (id) => ({ url: `admin/coupons/${id}`, method: 'DELETE' }),
      invalidatesTags: ['AdminCoupon'],
    }),
  }),
});

export const { useGetAdminCouponsQuery, useCreateCouponMutation, useUpdateCouponMutation, useSetCouponActiveMutation, useDeleteCouponMutation } =
  couponsApi;
