// A business purchase (issue 17): a shopper may add their business's GSTIN and name at checkout,
// both or neither; the order's tax invoice then names the business and carries its GSTIN. The
// client checks the shape of the GSTIN and that both are there, in the server's words; the
// server checks the state code and the check character too, and says so at the field.
import { gstinShapeProblem, normalGstin } from '../../lib/gst';

/** What the order carries for a business buyer, as POST /api/createOrder names it. */
export interface BusinessDetails {
  businessGstin: string;
  businessName: string;
}

export type BusinessErrors = Partial<Record<keyof BusinessDetails, string>>;

export const emptyBusiness: BusinessDetails = { businessGstin: '', businessName: '' };

export const businessMessages = {
  nameMissing: 'Enter the business name for its GSTIN',
  gstinMissing: "Enter the business's GSTIN, or leave the business name empty",
} as const;

/** The details as sent: the GSTIN in capitals, both trimmed. */
export function normalBusiness(details: BusinessDetails): BusinessDetails {
  return { businessGstin: normalGstin(details.businessGstin), businessName: details.businessName.trim() };
}

/** What is wrong with the details before sending (nothing when both are empty). */
export function checkBusiness(details: BusinessDetails): BusinessErrors {
  const { businessGstin, businessName } = normalBusiness(details);
  const problems: BusinessErrors = {};
  if (businessGstin && gstinShapeProblem(businessGstin)) problems.businessGstin = gstinShapeProblem(businessGstin);
  if (businessGstin && !businessName) problems.businessName = businessMessages.nameMissing;
  if (!businessGstin && businessName) problems.businessGstin = businessMessages.gstinMissing;
  return problems;
}

/** The server's field messages about the business details in a refusal, if it has any. */
export function businessErrorsOf(error: unknown): BusinessErrors {
  const fields = (error as { errors?: Record<string, unknown> } | null)?.errors;
  const problems: BusinessErrors = {};
  for (const name of ['businessGstin', 'businessName'] as const) {
    if (typeof fields?.[name] === 'string') problems[name] = fields[name];
  }
  return problems;
}
