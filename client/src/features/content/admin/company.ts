// The company form (/admin/addcompany): SPEC §3's company fields, read from
// GET /api/admin/getcompany and saved whole with POST /api/admin/addcompany (admins). Payment
// and shipping credentials are not among them: they live in the servers' configuration.
import { api } from '../../../lib/api';

export interface CompanyDetails {
  companyName: string;
  tagline: string;
  description: string;
  addressLine1: string;
  addressLine2: string;
  city: string;
  state: string;
  zip: string;
  contact1: string;
  contact2: string;
  email: string;
  vendorId: string;
}

export const companyFields: { name: keyof CompanyDetails; label: string; hint?: string; wide?: boolean; area?: boolean }[] = [
  { name: 'companyName', label: 'Company name' },
  { name: 'tagline', label: 'Tagline' },
  { name: 'description', label: 'About the company', wide: true, area: true },
  { name: 'addressLine1', label: 'Address line 1' },
  { name: 'addressLine2', label: 'Address line 2' },
  { name: 'city', label: 'City' },
  { name: 'state', label: 'State' },
  { name: 'zip', label: 'PIN code', hint: '6 digits' },
  { name: 'email', label: 'E-mail' },
  { name: 'contact1', label: 'Phone' },
  { name: 'contact2', label: 'Second phone' },
  { name: 'vendorId', label: 'Vendor id', hint: 'As printed on labels (manufacturer / marketer line).' },
];

/** The form's values from the server's company (missing fields empty). */
export function toCompanyDetails(raw: Partial<CompanyDetails> | undefined): CompanyDetails {
  const empty = Object.fromEntries(companyFields.map((field) => [field.name, ''])) as unknown as CompanyDetails;
  return { ...empty, ...Object.fromEntries(Object.entries(raw ?? {}).filter(([key]) => key in empty)) } as CompanyDetails;
}

/** Field problems before sending (the server checks the same and more). */
export function checkCompany(details: CompanyDetails): Record<string, string> {
  const problems: Record<string, string> = {};
  if (!details.companyName.trim()) problems.companyName = 'Company name is required';
  if (details.zip.trim() && !/^\d{6}$/.test(details.zip.trim())) problems.zip = 'Zip must be a 6-digit PIN code';
  if (details.email.trim() && !/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(details.email.trim())) problems.email = 'Enter a valid email address';
  return problems;
}

const withCompany = api.enhanceEndpoints({ addTagTypes: ['AdminCompany'] });

export const companyApi = withCompany.injectEndpoints({
  endpoints: (build) => ({
    getCompanyDetails: build.query<CompanyDetails, void>({
      query: () => 'admin/getcompany',
      transformResponse: (raw: Partial<CompanyDetails>) => toCompanyDetails(raw),
      providesTags: ['AdminCompany'],
    }),
    saveCompanyDetails: build.mutation<CompanyDetails, CompanyDetails>({
      query: (body) => ({ url: 'admin/addcompany', method: 'POST', body }),
      transformResponse: (raw: Partial<CompanyDetails>) => toCompanyDetails(raw),
      invalidatesTags: ['AdminCompany'],
    }),
  }),
});

export const { useGetCompanyDetailsQuery, useSaveCompanyDetailsMutation } = companyApi;
