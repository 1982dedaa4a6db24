// The back office's account calls: POST /api/admin/login, GET /api/admin/profile and
// POST /api/admin/register (admins only). lib/api.ts sends the admin token on these paths.
import { api } from '../../lib/api';
import { post, toSession } from './api';
import { adminUpdated } from './adminSlice';
import type { Credentials, NewStaff, Session, User } from './types';

export const adminApi = api.injectEndpoints({
  endpoints: (build) => ({
    adminLogin: build.mutation<Session, Credentials>({ query: post('admin/login'), transformResponse: toSession }),
    getAdminProfile: build.query<User, void>({
      query: () => 'admin/profile',
      async onQueryStarted(_arg, { dispatch, queryFulfilled }) {
        const { data } = await queryFulfilled.catch(() => ({ data: null }));
        if (data) dispatch(adminUpdated(data));
      },
    }),
    registerStaff: build.mutation<User, NewStaff>({ query: post('admin/register') }),
  }),
});

export const { useAdminLoginMutation, useGetAdminProfileQuery, useRegisterStaffMutation } = adminApi;
