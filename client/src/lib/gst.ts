// GST as the forms that ask for it need it (INDIA.md §1): the states an address is in today with
// the codes their GSTINs start with, named as addresses name them (the server's gst.States, same
// order, without the retired 25 and 28 and the non-states 97 and 99), and the shape of a GSTIN
// and of an HSN code. The client checks only the shape, as a hint before a round trip: the
// server checks the state code and the check character too, and its message is the one shown.

/** A state or union territory as GST numbers it. */
export interface GstState {
  code: string;
  name: string;
}

const codes: [string, string][] = [
  ['01', 'Jammu and Kashmir'], ['02', 'Himachal Pradesh'], ['03', 'Punjab'], ['04', 'Chandigarh'], ['05', 'Uttarakhand'],
  ['06', 'Haryana'], ['07', 'Delhi'], ['08', 'Rajasthan'], ['09', 'Uttar Pradesh'], ['10', 'Bihar'], ['11', 'Sikkim'],
  ['12', 'Arunachal Pradesh'], ['13', 'Nagaland'], ['14', 'Manipur'], ['15', 'Mizoram'], ['16', 'Tripura'], ['17', 'Meghalaya'],
  ['18', 'Assam'], ['19', 'West Bengal'], ['20', 'Jharkhand'], ['21', 'Odisha'], ['22', 'Chhattisgarh'], ['23', 'Madhya Pradesh'],
  ['24', 'Gujarat'], ['26', 'Dadra and Nagar Haveli and Daman and Diu'], ['27', 'Maharashtra'], ['29', 'Karnataka'], ['30', 'Goa'],
  ['31', 'Lakshadweep'], ['32', 'Kerala'], ['33', 'Tamil Nadu'], ['34', 'Puducherry'], ['35', 'Andaman and Nicobar Islands'],
  ['36', 'Telangana'], ['37', 'Andhra Pradesh'], ['38', 'Ladakh'],
];

export const gstStates: readonly GstState[] = codes.map(([code, name]) => ({ code, name }));

/** A GSTIN as it is written: spaces trimmed, capitals. */
export function normalGstin(value: string): string {
  return value.trim().toUpperCase();
}

const gstinShape = /^[0-9]{2}[A-Z]{5}[0-9]{4}[A-Z][1-9A-Z]Z[0-9A-Z]$/;

/** The server's words for a GSTIN that is not 15 characters of the right kinds. */
export const gstinShapeMessage = 'A GSTIN is 15 characters: state code, PAN, entity number, Z and a check character';

/** What is wrong with the shape of a (normal) GSTIN, or '' when it looks like one. */
export function gstinShapeProblem(gstin: string): string {
  return gstinShape.test(gstin) ? '' : gstinShapeMessage;
}

/** Whether an HSN code has the shape drape keeps: 4, 6 or 8 digits. */
export function validHsn(code: string): boolean {
  return /^(\d{4}|\d{6}|\d{8})$/.test(code);
}
