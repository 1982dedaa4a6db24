// The back office's figures: GET /api/admin/dashboard (staff and admins; lib/api.ts sends the
// back-office token). The dashboard refetches when admin:dashboard events arrive.
import { api } from '../../lib/api';
import type { Dashboard } from './types';

const withDashboard = api.enhanceEndpoints({ addTagTypes: ['Dashboard'] });

export const dashboardApi = withDashboard.injectEndpoints({
  endpoints: (build) => ({
    getDashboard: build.query<Dashboard, void>({
      query: () => 'admin/dashboard',
      providesTags: ['Dashboard'],
    }),
  }),
});

export const { useGetDashboardQuery } = dashboardApi;
