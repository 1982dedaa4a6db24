// The audit log's call: GET /api/admin/audit (admins only; lib/api.ts sends the admin token).
import { api } from '../../lib/api';
import { auditQueryParams } from './log';
import type { AuditFilters, AuditPage } from './types';

const withAudit = api.enhanceEndpoints({ addTagTypes: ['Audit'] });

export const auditApi = withAudit.injectEndpoints({
  endpoints: (build) => ({
    getAuditLog: build.query<AuditPage, AuditFilters>({
      query: (filters) => ({ url: 'admin/audit', params: auditQueryParams(filters) }),
      providesTags: ['Audit'],
      // Every change made through the back office is a new entry: show the newest on return.
      keepUnusedDataFor: 0,
    }),
  }),
});

export const { useGetAuditLogQuery } = auditApi;
