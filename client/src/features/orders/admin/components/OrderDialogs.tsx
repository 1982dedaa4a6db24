// The board's row actions: moving an order to one of the statuses it may take next (with an
// optional note for its timeline), and refunding a paid online order after a confirmation.
import { useId, useState, type FormEvent } from 'react';
import { Button } from '../../../../components/Button';
import { Dialog } from '../../../../components/Dialog';
import { formStyles } from '../../../../components/Form';
import { Spinner } from '../../../../components/Spinner';
import { formatRupees } from '../../../../lib/money';
import { statusLabel } from '../../status';
import type { AdminOrder } from '../types';
import styles from './OrderDialogs.module.css';

export function StatusDialog({
  order,
  busy,
  onSubmit,
  onClose,
}: {
  order: AdminOrder;
  busy: boolean;
  onSubmit: (orderStatus: string, note: string) => void;
  onClose: () => void;
}) {
  const titleId = useId();
  const noteId = useId();
  const [choice, setChoice] = useState(order.nextStatuses[0] ?? '');
  const [note, setNote] = useState('');

  function submit(event: FormEvent) {
    event.preventDefault();
    if (choice) onSubmit(choice, note.trim());
  }

  return (
    <Dialog labelledBy={titleId} onClose={onClose} className={styles.dialog} variant="sheet">
      <form className={styles.dialogBody} onSubmit={submit}>
        <p className={styles.dialogEyebrow}>Order {order.orderId}</p>
        <h2 id={titleId} className={styles.dialogTitle}>
          Change status
        </h2>
        <p className={styles.dialogLede}>
          Now <strong>{statusLabel(order.orderStatus)}</strong>. Only the steps this order can take next are offered.
        </p>
        <fieldset className={`${formStyles.choices} ${styles.choices}`}>
          <legend className="visually-hidden">New status</legend>
          {order.nextStatuses.map((status) => (
            <label key={status} className={`${formStyles.option} ${styles.choice}`}>
              <input type="radio" name="orderStatus" value={status} checked={choice === status} onChange={() => setChoice(status)} />
              <span className={styles.choiceText}>
                {statusLabel(status)}
                <span className={styles.choiceCode}>{status}</span>
              </span>
            </label>
          ))}
        </fieldset>
        <label htmlFor={noteId} className={styles.noteLabel}>
          Note <span>(optional, kept in the order's timeline)</span>
        </label>
        <textarea
          id={noteId}
          className={styles.note}
          rows={2}
          maxLength={300}
          value={note}
          placeholder="e.g. Customer asked to hold until Monday"
          onChange={(event) => setNote(event.target.value)}
        />
        <div className={styles.dialogActions}>
          <Button variant="secondary" onClick={onClose}>
            Cancel
          </Button>
          <Button type="submit" disabled={!choice || busy} aria-busy={busy || undefined}>
            {busy && <Spinner size={16} />}
            Save status
          </Button>
        </div>
      </form>
    </Dialog>
  );
}

/** Staff confirm a cash-on-delivery order after calling the shopper, saying how (required). */
export function CodConfirmDialog({
  order,
  busy,
  onConfirm,
  onClose,
}: {
  order: AdminOrder;
  busy: boolean;
  onConfirm: (note: string) => void;
  onClose: () => void;
}) {
  const titleId = useId();
  const noteId = useId();
  const [note, setNote] = useState('');
  const [missing, setMissing] = useState(false);

  function submit(event: FormEvent) {
    event.preventDefault();
    if (!note.trim()) {
      setMissing(true);
      return;
    }
    onConfirm(note.trim());
  }

  return (
    <Dialog labelledBy={titleId} onClose={onClose} className={styles.dialog} variant="sheet">
      <form className={styles.dialogBody} onSubmit={submit} noValidate>
        <p className={styles.dialogEyebrow}>Order {order.orderId}</p>
        <h2 id={titleId} className={styles.dialogTitle}>
          Confirm cash-on-delivery order
        </h2>
        <p className={styles.dialogLede}>
          Confirm once {order.customer.name || 'the customer'} has said they want it ({order.customer.phone || 'no phone'}). It goes to
          Shiprocket then.
        </p>
        <label htmlFor={noteId} className={styles.noteLabel}>
          Note <span>(required, kept in the order's timeline)</span>
        </label>
        <textarea
          id={noteId}
          className={styles.note}
          rows={2}
          maxLength={500}
          value={note}
          aria-invalid={missing || undefined}
          aria-describedby={missing ? `${noteId}-error` : undefined}
          placeholder="e.g. Called 11:05, confirmed size and address"
          onChange={(event) => {
            setNote(event.target.value);
            setMissing(false);
          }}
        />
        {missing && (
          <p id={`${noteId}-error`} role="alert" className={styles.noteError}>
            Say how the customer confirmed
          </p>
        )}
        <div className={styles.dialogActions}>
          <Button variant="secondary" onClick={onClose}>
            Cancel
          </Button>
          <Button type="submit" disabled={busy} aria-busy={busy || undefined}>
            {busy && <Spinner size={16} />}
            Confirm order
          </Button>
        </div>
      </form>
    </Dialog>
  );
}

export function RefundDialog({
  order,
  busy,
  onConfirm,
  onClose,
}: {
  order: AdminOrder;
  busy: boolean;
  onConfirm: (reason: string) => void;
  onClose: () => void;
}) {
  const titleId = useId();
  const reasonId = useId();
  const [reason, setReason] = useState('');
  const amount = formatRupees(order.amount, { paise: !Number.isInteger(order.amount) });

  function submit(event: FormEvent) {
    event.preventDefault();
    onConfirm(reason.trim());
  }

  return (
    <Dialog labelledBy={titleId} onClose={onClose} className={styles.dialog} variant="sheet">
      <form className={styles.dialogBody} onSubmit={submit}>
        <p className={styles.dialogEyebrow}>Order {order.orderId}</p>
        <h2 id={titleId} className={styles.dialogTitle}>
          Refund {amount}?
        </h2>
        <p className={styles.dialogLede}>
          The full online payment goes back to {order.customer.name || 'the customer'} through Razorpay. This cannot be undone.
        </p>
        <label htmlFor={reasonId} className={styles.noteLabel}>
          Reason <span>(optional)</span>
        </label>
        <textarea
          id={reasonId}
          className={styles.note}
          rows={2}
          maxLength={300}
          value={reason}
          placeholder="e.g. Size unavailable, customer agreed to a refund"
          onChange={(event) => setReason(event.target.value)}
        />
        <div className={styles.dialogActions}>
          <Button variant="secondary" onClick={onClose}>
            Keep payment
          </Button>
          <Button type="submit" className={styles.danger} disabled={busy} aria-busy={busy || undefined}>
            {busy && <Spinner size={16} />}
            Refund {amount}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
