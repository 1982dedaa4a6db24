// The back office's side of complaints (issue 23): the queue, a complaint's moves, the
// dashboard card and the grievance officer in the company settings.
import { api } from '../../lib/api';
import type { Complaint, ComplaintFigures, ComplaintQueue, ComplaintStatus, GrievanceOfficer } from './types';

// The dashboard refetches everything tagged Dashboard on each admin:dashboard event (features/analytics), the
// complaints card with it.
export const grievanceAdminApi = api.enhanceEndpoints({ addTagTypes: ['Complaint', 'Dashboard'] }).injectEndpoints({
  endpoints: (build) => ({
    complaintQueue: build.query<ComplaintQueue, { status: ComplaintStatus | ''; page: number }>({
      query: ({ status, page }) => `admin/complaints?${new URLSearchParams({ status, page: String(page) })}`,
      providesTags: ['Complaint'],
    }),
    moveComplaint: build.mutation<Complaint, { id: string; status: ComplaintStatus; note: string }>({
      query: ({ id, ...body }) => ({ url: `admin/complaints/${encodeURIComponent(id)}/status`, method: 'POST', body }),
      invalidatesTags: ['Complaint'],
    }),
    complaintFigures: build.query<ComplaintFigures, void>({
      query: () => 'admin/complaint-figures',
      providesTags: ['Complaint', 'Dashboard'],
    }),
    grievanceOfficer: build.query<GrievanceOfficer, void>({
      query: () => 'admin/grievance-officer',
    }),
    saveGrievanceOfficer: build.mutation<GrievanceOfficer, GrievanceOfficer>({
      query: (body) => ({ url: 'admin/grievance-officer', method: 'PUT', body }),
    }),
  }),
});

export const {
  useComplaintQueueQuery,
  useMoveComplaintMutation,
  useComplaintFiguresQuery,
  useGrievanceOfficerQuery,
  useSaveGrievanceOfficerMutation,
} = grievanceAdminApi;
