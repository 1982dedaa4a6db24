// "Download invoice": a real link to the order's tax invoice PDF, which the click fetches with
// the session's token and saves under the invoice's number. Shown only for an issued invoice.
import { useState } from 'react';
import { buttonClassName, type ButtonVariant } from '../../../components/Button';
import { authToken, type AuthScope } from '../../../lib/api';
import { downloadInvoice, invoiceFileName, invoicePdfUrl } from '../invoice';
import styles from './Orders.module.css';

export function InvoiceLink({
  orderId,
  invoiceNumber,
  scope = 'user',
  variant = 'secondary',
  className,
}: {
  orderId: string;
  invoiceNumber: string;
  scope?: AuthScope;
  variant?: ButtonVariant;
  className?: string;
}) {
  const [state, setState] = useState<'idle' | 'busy' | 'failed'>('idle');
  const url = invoicePdfUrl(orderId);
  const fileName = invoiceFileName(invoiceNumber);
  return (
    <span className={styles.invoice}>
      <a
        href={url}
        download={fileName}
        className={className ?? buttonClassName(variant)}
        aria-label={`Download invoice ${invoiceNumber} for order ${orderId}`}
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
        Download invoice
      </a>
      {state === 'failed' && (
        <span role="alert" className={styles.invoiceError}>
          The invoice could not be downloaded. Try again.
        </span>
      )}
    </span>
  );
}
