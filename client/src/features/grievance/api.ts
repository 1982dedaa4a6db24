// Complaints (issue 23): the public form and status page, and a shopper's own complaints.
import { api } from '../../lib/api';
import type { Complaint, ComplaintForm } from './types';

export const grievanceApi = api.enhanceEndpoints({ addTagTypes: ['Complaint'] }).injectEndpoints({
  endpoints: (build) => ({
    fileComplaint: build.mutation<Complaint, ComplaintForm>({
      query: (body) => ({ url: 'complaints', method: 'POST', body }),
      invalidatesTags: ['Complaint'],
    }),
    complaintStatus: build.query<Complaint, { ticket: string; email: string }>({
      query: ({ ticket, email }) => `complaints/status?${new URLSearchParams({ ticket, email })}`,
      providesTags: ['Complaint'],
    }),
    myComplaints: build.query<Complaint[], void>({
      query: () => 'complaints',
      providesTags: ['Complaint'],
    }),
  }),
});

export const { useFileComplaintMutation, useLazyComplaintStatusQuery, useMyComplaintsQuery } = grievanceApi;
