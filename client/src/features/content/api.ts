import { api } from '../../lib/api';
import type { CmsPage, CmsType } from './types';

export const contentApi = api.injectEndpoints({
  endpoints: (build) => ({
    getCms: build.query<CmsPage, CmsType>({
      query: (type) => ({ url: 'getcms', params: { type } }),
      transformResponse: (data: unknown, _meta, type): CmsPage => {
        const page = (data ?? {}) as Partial<CmsPage>;
        return {
          type: page.type ?? type,
          title: page.title,
          description: typeof page.description === 'string' ? page.description : '',
          updatedAt: page.updatedAt,
        };
      },
      providesTags: (_page, _error, type) => [{ type: 'Content', id: type }],
    }),
  }),
});

export const { useGetCmsQuery } = contentApi;
