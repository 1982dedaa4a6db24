// The credit notes against an order's invoice (goods that came back): each one's number, day
// and the amount credited, with "Download credit note". Nothing when there are none.
import type { AuthScope } from '../../../lib/api';
import { formatRupees } from '../../../lib/money';
import { formatDate } from '../status';
import type { OrderCreditNote } from '../types';
import { InvoiceLink } from './InvoiceLink';
import styles from './Orders.module.css';

export function CreditNotes({
  orderId,
  invoiceNumber,
  notes,
  scope = 'user',
  linkClassName,
}: {
  orderId: string;
  invoiceNumber: string;
  notes: OrderCreditNote[];
  scope?: AuthScope;
  linkClassName?: string;
}) {
  if (notes.length === 0) return null;
  return (
    <ul className={styles.creditNotes} aria-label={`Credit notes against invoice ${invoiceNumber}`}>
      {notes.map((note) => (
        <li key={note.number} className={styles.creditNote}>
          <span>
            Credit note <strong>{note.number}</strong>
          </span>
          <span>{formatDate(note.date)}</span>
          <span>{formatRupees(note.total)} credited</span>
          <InvoiceLink
            orderId={orderId}
            invoiceNumber={invoiceNumber}
            creditNote={note.number}
            scope={scope}
            variant="quiet"
            className={linkClassName}
          />
        </li>
      ))}
    </ul>
  );
}
