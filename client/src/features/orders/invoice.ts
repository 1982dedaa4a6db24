// An order's tax invoice as a file: where the server serves its PDF, the name it is saved
// under, and the download itself.
import { downloadWithToken } from '../../lib/download';
import { apiBaseUrl } from '../../lib/env';

/** GET /api/orders/{orderId}/invoice.pdf: the shopper's order by number, or any order for the back office. */
export function invoicePdfUrl(orderId: string): string {
  return `${apiBaseUrl}/orders/${encodeURIComponent(orderId)}/invoice.pdf`;
}

/** GET /api/orders/{orderId}/creditnotes/{file}: one of the order's credit notes, by its file name. */
export function creditNotePdfUrl(orderId: string, noteNumber: string): string {
  return `${apiBaseUrl}/orders/${encodeURIComponent(orderId)}/creditnotes/${encodeURIComponent(invoiceFileName(noteNumber))}`;
}

/** The invoice's (or credit note's) file name, as the server names it: JF/26-27/000123 → JF-26-27-000123.pdf. */
export function invoiceFileName(invoiceNumber: string): string {
  return `${invoiceNumber.replaceAll('/', '-')}.pdf`;
}

/** Fetches the PDF at `url` with the session's bearer token and saves it as `fileName` (lib/download). */
export function downloadInvoice(url: string, token: string | null, fileName: string): Promise<void> {
  return downloadWithToken(url, token, fileName);
}
