// "Download invoice": a real link to the order's tax invoice PDF, which the click fetches with
// the session's token and saves under the invoice's number. Shown only for an issued invoice.
// With creditNote, the same for one of its credit notes: "Download credit note".
import { useState } from 'react';
import { buttonClassName, type ButtonVariant } from '../../../components/Button';
import { authToken, type AuthScope } from '../../../lib/api';
import { creditNotePdfUrl, downloadInvoice, invoiceFileName, invoicePdfUrl } from '../invoice';
import styles from './Orders.module.css';

export function InvoiceLink({
  orderId,
  invoiceNumber,
  creditNote,
  scope = 'user',
  variant = 'secondary',
  className,
}: {
  orderId: string;
  invoiceNumber: string;
  /** The number of the credit note to download instead of the invoice. */
  creditNote?: string;
  scope?: AuthScope;
  variant?: ButtonVariant;
  className?: string;
}) {
  const [state, setState] = useState<'idle' | 'busy' | 'failed'>('idle');
  const url = creditNote ? creditNotePdfUrl(orderId, creditNote) : invoicePdfUrl(orderId);
  const fileName = invoiceFileName(creditNote ?? invoiceNumber);
  const what = creditNote ? 'credit note' : 'invoice';
  return (
    <span className={styles.invoice}>
      <a
        href={url}
        download={fileName}
        className={className ?? buttonClassName(variant)}
        aria-label={`Download ${what} ${creditNote ?? invoiceNumber} for order ${orderId}`}
        aria-busy={state === 'busy' || undefined}
        onClick={(event) => {
          event.preventDefault();
          if (state === 'busy') return;
          setState('busy');
          downloadInvoice(url, authToken(scope), fileName).then(
            () => setState('idle'),
            () => setState('failed'),
          );
        }}
      >
        Download {what}
      </a>
      {state === 'failed' && (
        <span role="alert" className={styles.invoiceError}>
          The {what} could not be downloaded. Try again.
        </span>
      )}
    </span>
  );
}
