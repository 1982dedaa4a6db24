// The company form (/admin/addcompany): SPEC §3's company fields and the GST settings (issue 17:
// registered or not, GSTIN, legal name, invoice prefix; the registered address is the company's
// address, its state chosen from GST's list), read from GET /api/admin/getcompany and saved whole
// with POST /api/admin/addcompany (admins). Payment and shipping credentials are not among them:
// they live in the servers' configuration.
import { api } from '../../../lib/api';
import { gstinShapeProblem, gstStates, normalGstin } from '../../../lib/gst';

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
  /** Whether the shop is registered for GST (it issues tax invoices only then). */
  gstRegistered: boolean;
  gstin: string;
  /** The name on the GST registration, printed on invoices. */
  legalName: string;
  /** 1 to 3 capital letters or digits starting every invoice number (JF/26-27/000123). */
  invoicePrefix: string;
}

type TextField = Exclude<keyof CompanyDetails, 'gstRegistered'>;

export const companyFields: { name: TextField; label: string; hint?: string; wide?: boolean; area?: boolean; stateSelect?: boolean }[] = [
  { name: 'companyName', label: 'Company name' },
  { name: 'tagline', label: 'Tagline' },
  { name: 'description', label: 'About the company', wide: true, area: true },
  { name: 'addressLine1', label: 'Address line 1' },
  { name: 'addressLine2', label: 'Address line 2' },
  { name: 'city', label: 'City' },
  { name: 'state', label: 'State', stateSelect: true },
  { name: 'zip', label: 'PIN code', hint: '6 digits' },
  { name: 'email', label: 'E-mail' },
  { name: 'contact1', label: 'Phone' },
  { name: 'contact2', label: 'Second phone' },
  { name: 'vendorId', label: 'Vendor id', hint: 'As printed on labels (manufacturer / marketer line).' },
];

/** The GST settings' text fields, shown under the registered switch. */
export const taxFields: { name: TextField; label: string; hint: string }[] = [
  { name: 'gstin', label: 'GSTIN', hint: '15 characters, starting with the state code of the registered address (08 for Rajasthan).' },
  { name: 'legalName', label: 'Legal name', hint: 'As on the GST registration certificate; printed on every invoice.' },
  { name: 'invoicePrefix', label: 'Invoice series prefix', hint: '1 to 3 capital letters or digits: JF numbers invoices JF/26-27/000123.' },
];

/** The state select's choices: GST's states with their codes, and a stored state GST does not name. */
export function stateOptions(current: string): { value: string; label: string }[] {
  const options = gstStates.map((state) => ({ value: state.name, label: `${state.name} (${state.code})` }));
  return current && !gstStates.some((state) => state.name === current) ? [{ value: current, label: current }, ...options] : options;
}

/** The form's values from the server's company (missing fields empty). */
export function toCompanyDetails(raw: Partial<CompanyDetails> | undefined): CompanyDetails {
  const names = [...companyFields, ...taxFields].map((field) => field.name);
  const text = Object.fromEntries(names.map((name) => [name, typeof raw?.[name] === 'string' ? raw[name] : ''])) as Record<TextField, string>;
  return { ...text, gstRegistered: raw?.gstRegistered === true };
}

/** Field problems before sending (the server checks the same and more). */
export function checkCompany(details: CompanyDetails): Record<string, string> {
  const problems: Record<string, string> = {};
  if (!details.companyName.trim()) problems.companyName = 'Company name is required';
  if (details.zip.trim() && !/^\d{6}$/.test(details.zip.trim())) problems.zip = 'Zip must be a 6-digit PIN code';
  if (details.email.trim() && !/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(details.email.trim())) problems.email = 'Enter a valid email address';
  const gstin = normalGstin(details.gstin);
  const prefix = details.invoicePrefix.trim().toUpperCase();
  if (gstin && gstinShapeProblem(gstin)) problems.gstin = gstinShapeProblem(gstin);
  if (prefix && !/^[A-Z0-9]{1,3}$/.test(prefix)) problems.invoicePrefix = 'Invoice prefix must be 1 to 3 capital letters or digits';
  if (details.gstRegistered) {
    if (!gstin) problems.gstin = 'GSTIN is required for a GST-registered shop';
    if (!details.legalName.trim()) problems.legalName = 'Legal name is required for a GST-registered shop';
    if (!prefix) problems.invoicePrefix = 'Invoice prefix is required for a GST-registered shop';
    if (!gstStates.some((state) => state.name === details.state)) problems.state = 'Choose the state of the registered address';
  }
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
