// The shop's content pages in the back office: /admin/termsandconditions edits 'terms' and
// /admin/returnpolicy edits 'privacy' (the return policy, SPEC §7), read with GET /api/getcms
// and saved with PUT /api/admin/cms/{type} (admins). The server sanitises the HTML on save;
// the editor only offers what survives it.
import { api } from '../../../lib/api';

export interface ContentPage {
  type: string;
  title: string;
  description: string;
  updatedAt?: string;
}

export const editablePages = {
  termsandconditions: { type: 'terms', heading: 'Terms and conditions', storefront: '/terms-conditions', defaultTitle: 'Terms and conditions' },
  returnpolicy: { type: 'privacy', heading: 'Return policy', storefront: '/returnpolicydetails', defaultTitle: 'Returns and exchanges' },
  privacynotice: { type: 'privacy-notice', heading: 'Privacy notice', storefront: '/privacy', defaultTitle: 'Privacy notice' },
} as const;

export type EditablePage = keyof typeof editablePages;

/** Problems before saving: a title and some text. */
export function checkPage(title: string, html: string): Record<string, string> {
  const problems: Record<string, string> = {};
  if (!title.trim()) problems.title = 'Give the page a title';
  if (!html.replace(/<[^>]*>/g, '').replace(/&nbsp;/g, ' ').trim()) problems.description = 'Write the page before saving it';
  return problems;
}

const withPages = api.enhanceEndpoints({ addTagTypes: ['AdminContent'] });

export const contentAdminApi = withPages.injectEndpoints({
  endpoints: (build) => ({
    getContentPage: build.query<ContentPage | null, string>({
      query: (type) => ({ url: 'getcms', params: { type } }),
      providesTags: ['AdminContent'],
    }),
    saveContentPage: build.mutation<ContentPage, ContentPage>({
      query: ({ type, title, description }) => ({ url: `admin/cms/${type}`, method: 'PUT', body: { title, description } }),
      invalidatesTags: ['AdminContent', 'Content'],
    }),
  }),
});

export const { useGetContentPageQuery, useSaveContentPageMutation } = contentAdminApi;
