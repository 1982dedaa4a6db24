// Privacy (issue 23): marketing consent per channel with its wording, the data download, the
// erasure request and the request log (openapi.yaml, /api/privacy/*), and the back office's
// list of every shopper's requests. Loaded with the account screens, never with the first page.
import { api } from '../../lib/api';
import { apiBaseUrl } from '../../lib/env';

export type Channel = 'email' | 'whatsapp' | 'sms';

export interface Wording {
  channel: Channel;
  version: string;
  text: string;
}

export interface Consent {
  channel: Channel;
  granted: boolean;
  source: 'signup' | 'account';
  wordingVersion: string;
  wording: string;
  at: string;
}

export interface Marketing {
  channels: Record<Channel, boolean>;
  wordings: Wording[];
  history: Consent[];
}

export interface PrivacyRequest {
  id: string;
  kind: 'export' | 'erase' | 'withdraw';
  status: 'received' | 'completed';
  detail?: string;
  requestedAt: string;
  completedAt?: string;
}

export interface StaffPrivacyRequest extends PrivacyRequest {
  userId: string;
  email: string;
}

export interface StaffPrivacyRequests {
  items: StaffPrivacyRequest[];
  page: number;
  totalPages: number;
  total: number;
}

/** Where the data download is served (a file, fetched with the session's token). */
export const exportUrl = `${apiBaseUrl}/privacy/export`;

/** The download's file name. */
export function exportFileName(now = new Date()): string {
  return `drape-data-${now.toISOString().slice(0, 10)}.json`;
}

export const kindLabels: Record<PrivacyRequest['kind'], string> = {
  export: 'Data download',
  erase: 'Erase account',
  withdraw: 'Marketing withdrawn',
};

const withPrivacy = api.enhanceEndpoints({ addTagTypes: ['Privacy', 'PrivacyRequests'] });

export const privacyApi = withPrivacy.injectEndpoints({
  endpoints: (build) => ({
    getWordings: build.query<Wording[], void>({ query: () => 'privacy/wordings' }),
    getMarketing: build.query<Marketing, void>({ query: () => 'privacy/marketing', providesTags: ['Privacy'] }),
    chooseMarketing: build.mutation<Marketing, { channels: Partial<Record<Channel, boolean>>; version: string }>({
      query: (body) => ({ url: 'privacy/marketing', method: 'PUT', body }),
      invalidatesTags: ['Privacy', 'PrivacyRequests'],
    }),
    getPrivacyRequests: build.query<PrivacyRequest[], void>({ query: () => 'privacy/requests', providesTags: ['PrivacyRequests'] }),
    askErasure: build.mutation<PrivacyRequest, void>({
      query: () => ({ url: 'privacy/erasure', method: 'POST' }),
      invalidatesTags: ['PrivacyRequests'],
    }),
    getStaffPrivacyRequests: build.query<StaffPrivacyRequests, { page: number; kind?: string }>({
      query: ({ page, kind }) => ({ url: 'admin/privacy-requests', params: { page, ...(kind ? { kind } : {}) } }),
    }),
  }),
});

export const {
  useGetWordingsQuery,
  useGetMarketingQuery,
  useChooseMarketingMutation,
  useGetPrivacyRequestsQuery,
  useAskErasureMutation,
  useGetStaffPrivacyRequestsQuery,
} = privacyApi;
