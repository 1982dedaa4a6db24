// The company an admin keeps (Back office → Company; GET /api/company), for the footer, the
// contact page and the shipping policy. The server puts it in every page (<meta
// name="drape-company">, server/firstscreen.go), so none of them needs a call. A shop that has not
// set one up shows the brand's company name and no contact details: nothing made up.
import { brand } from '../lib/brand';

export interface PageCompany {
  name: string;
  /** The street address, '' when not given. */
  street: string;
  /** 'Jaipur 302001, Rajasthan'. */
  place: string;
  state: string;
  email: string;
  phone: string;
  /** The grievance officer (E-Commerce Rules 2020); name '' when none is named. */
  grievanceOfficer: { name: string; designation: string; email: string; phone: string };
}

const joined = (parts: (string | undefined)[], separator = ', ') => parts.filter(Boolean).join(separator);

/** The company this page came with. */
export function pageCompany(): PageCompany {
  let firm: Record<string, string | undefined> & { grievanceOfficer?: Partial<PageCompany['grievanceOfficer']> } = {};
  try {
    firm = JSON.parse(document.querySelector('meta[name="drape-company"]')!.getAttribute('content')!);
  } catch {
    // No company in the page.
  }
  return {
    name: firm.companyName || brand.company,
    street: joined([firm.addressLine1, firm.addressLine2]),
    place: joined([joined([firm.city, firm.zip], ' '), firm.state]),
    state: firm.state ?? '',
    email: firm.email ?? '',
    phone: firm.contact1 ?? '',
    grievanceOfficer: {
      name: firm.grievanceOfficer?.name ?? '',
      designation: firm.grievanceOfficer?.designation ?? '',
      email: firm.grievanceOfficer?.email ?? '',
      phone: firm.grievanceOfficer?.phone ?? '',
    },
  };
}

/** tel:+911414002024 for '+91 141 400 2024'. */
export const phoneHref = (phone: string) => `tel:${phone.replace(/[^\d+]/g, '')}`;
