// The back office's figures: GET /api/admin/dashboard and, over a chosen range,
// GET /api/admin/analytics (staff and admins; lib/api.ts sends the back-office token). The dashboard refetches when admin:dashboard events arrive.
import { api } from '../../lib/api';
import { rangeParams, type DateRange } from './range';
import type { Dashboard, Report } from './types';

const withDashboard = api.enhanceEndpoints({ addTagTypes: ['Dashboard'] });

export const dashboardApi = withDashboard.injectEndpoints({
  endpoints: (build) => ({
    getDashboard: build.query<Dashboard, void>({
      query: () => 'admin/dashboard',
      providesTags: ['Dashboard'],
    }),
    /** The same figures over a chosen range (GET /api/admin/analytics). */
    getAnalytics: build.query<Report, DateRange>({
      query: (range) => ({ url: 'admin/analytics', params: rangeParams(range) }),
      providesTags: ['Dashboard'],
    }),
  }),
});

export const { useGetDashboardQuery, useGetAnalyticsQuery } = dashboardApi;
