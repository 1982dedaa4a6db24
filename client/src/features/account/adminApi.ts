// The back office's account calls: POST /api/admin/login and /api/admin/logout, GET /api/admin/profile,
// POST /api/admin/register (admins only), the signed-in member's own new password
// (POST /api/admin/password, which answers this device's new token) and an admin's new password
// for a colleague (POST /api/admin/users/{id}/password), choosing from the team
// (GET /api/admin/users?role=). lib/api.ts sends the admin token on these paths.
import { api } from '../../lib/api';
import { post, toSession } from './api';
import { adminSignedIn, adminUpdated } from './adminSlice';
import type { Credentials, NewStaff, Session, StaffRole, User } from './types';

/** A back-office account as the team list shows it. */
export interface TeamMember {
  _id: string;
  email: string;
  firstName: string;
  lastName: string;
  role: StaffRole;
  active: boolean;
}

export const adminApi = api.injectEndpoints({
  endpoints: (build) => ({
    adminLogin: build.mutation<Session, Credentials>({ query: post('admin/login'), transformResponse: toSession }),
    /** Revokes this browser's back-office token on the server (a copy of it stops working). */
    adminLogout: build.mutation<void, void>({ query: () => ({ url: 'admin/logout', method: 'POST' }) }),
    getAdminProfile: build.query<User, void>({
      query: () => 'admin/profile',
      async onQueryStarted(_arg, { dispatch, queryFulfilled }) {
        const { data } = await queryFulfilled.catch(() => ({ data: null }));
        if (data) dispatch(adminUpdated(data));
      },
    }),
    registerStaff: build.mutation<User, NewStaff>({ query: post('admin/register') }),
    changeStaffPassword: build.mutation<Session, { currentPassword: string; newPassword: string }>({
      query: post('admin/password'),
      transformResponse: toSession,
      async onQueryStarted(_arg, { dispatch, queryFulfilled }) {
        const { data } = await queryFulfilled.catch(() => ({ data: null }));
        if (data?.token) dispatch(adminSignedIn({ token: data.token, user: data.user }));
      },
    }),
    /** The staff or admin accounts (up to 50 of a role). */
    getTeam: build.query<TeamMember[], StaffRole>({
      query: (role) => ({ url: 'admin/users', params: { role, limit: 50 } }),
      transformResponse: (data: { items?: TeamMember[] }) => data.items ?? [],
    }),
    setTeamPassword: build.mutation<TeamMember, { id: string; newPassword: string }>({
      query: ({ id, newPassword }) => ({ url: `admin/users/${encodeURIComponent(id)}/password`, method: 'POST', body: { newPassword } }),
    }),
  }),
});

export const {
  useAdminLoginMutation,
  useGetAdminProfileQuery,
  useRegisterStaffMutation,
  useChangeStaffPasswordMutation,
  useGetTeamQuery,
  useSetTeamPasswordMutation,
} = adminApi;
