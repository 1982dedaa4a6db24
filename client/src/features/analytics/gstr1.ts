// The analytics screen's GST returns card: a month's GSTR-1 sections as CSV files for the GST
// offline tool (GET /api/admin/gstr1, admins only), one section or all of them in a zip.
import { downloadFile, indianToday } from './range';

/** The sections GET /api/admin/gstr1 serves, with the return's table each fills. */
export const gstr1Sections = [
  { section: 'b2b', label: 'B2B invoices', table: 'Table 4' },
  { section: 'b2cl', label: 'B2C large', table: 'Table 5' },
  { section: 'b2cs', label: 'B2C small', table: 'Table 7' },
  { section: 'cdnr', label: 'Credit notes, registered', table: 'Table 9B' },
  { section: 'cdnur', label: 'Credit notes, unregistered', table: 'Table 9B' },
  { section: 'hsnb2b', label: 'HSN summary, B2B', table: 'Table 12' },
  { section: 'hsnb2c', label: 'HSN summary, B2C', table: 'Table 12' },
  { section: 'docs', label: 'Documents issued', table: 'Table 13' },
] as const;

export type Gstr1Section = (typeof gstr1Sections)[number]['section'];

/** The month a return is usually filed for: the one before today's (India), YYYY-MM. */
export function previousMonth(today = indianToday()): string {
  const year = Number(today.slice(0, 4));
  const month = Number(today.slice(5, 7));
  return month === 1 ? `${year - 1}-12` : `${year}-${String(month - 1).padStart(2, '0')}`;
}

/** Downloads month's section as CSV, or every section as a zip without one. */
export async function downloadGstr1(month: string, section?: Gstr1Section): Promise<void> {
  const query = new URLSearchParams(section ? { month, section } : { month });
  await downloadFile(`admin/gstr1?${query}`, `gstr1-${month}${section ? `-${section}.csv` : '.zip'}`, 'The GSTR-1 file could not be made');
}
