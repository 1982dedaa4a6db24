// Staff's buttons for one return or exchange request, where the request stands allows them:
// "Mark received" once the parcel is on its way back; "QC passed" and "QC failed" (with the
// reason the shopper reads) once it is received; "Record payout" (the UTR or UPI reference)
// for a cash-on-delivery return whose QC passed. Each calls the server and the request's
// answer, or its live event, redraws the panel. Used by the back office's order page and the
// returns queue.
import { useId, useState, type FormEvent } from 'react';
import { Button } from '../../../components/Button';
import { Field, FormAlert } from '../../../components/Form';
import type { ApiError } from '../../../lib/api';
import { useCheckReturnMutation, useReceiveReturnMutation, useRecordReturnPayoutMutation } from '../api';
import type { ReturnRequest } from '../types';
import styles from './Returns.module.css';

const receivable = new Set(['APPROVED', 'PICKUP_SCHEDULED', 'PICKED_UP']);

type Form = 'fail' | 'payout' | null;

export function StaffReturnActions({ request }: { request: ReturnRequest }) {
  const id = useId();
  const [form, setForm] = useState<Form>(null);
  const [note, setNote] = useState('');
  const [reference, setReference] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [failure, setFailure] = useState('');
  const [receive, { isLoading: receiving }] = useReceiveReturnMutation();
  const [check, { isLoading: checking }] = useCheckReturnMutation();
  const [recordPayout, { isLoading: paying }] = useRecordReturnPayoutMutation();
  const busy = receiving || checking || paying;
  const payoutDue = request.status === 'QC_PASSED' && request.refund?.method === 'payout';

  async function run(call: () => Promise<unknown>) {
    setFailure('');
    setErrors({});
    try {
      await call();
      setForm(null);
      setNote('');
      setReference('');
    } catch (caught) {
      const error = caught as ApiError;
      if (error.status === 400 && error.errors) setErrors(error.errors);
      setFailure(error.message || 'That did not work. Please try again.');
    }
  }

  function open(next: Form) {
    setForm(next);
    setErrors({});
    setFailure('');
  }

  function submit(event: FormEvent) {
    event.preventDefault();
    if (form === 'fail') {
      if (!note.trim()) {
        setErrors({ note: 'Say why the quality check failed: the shopper reads it' });
        return;
      }
      void run(() => check({ id: request._id, passed: false, note: note.trim() }).unwrap());
    } else if (form === 'payout') {
      if (!reference.trim()) {
        setErrors({ reference: "Enter the payment's reference (UTR or UPI transaction id)" });
        return;
      }
      void run(() => recordPayout({ id: request._id, reference: reference.trim(), note: note.trim() }).unwrap());
    }
  }

  if (!receivable.has(request.status) && request.status !== 'RECEIVED' && !payoutDue) return null;
  return (
    <div className={styles.staffActions} aria-label={`Actions on ${request.returnId}`} role="group">
      <div className={styles.staffButtons}>
        {receivable.has(request.status) && (
          <Button variant="secondary" disabled={busy} onClick={() => void run(() => receive({ id: request._id }).unwrap())}>
            Mark received
          </Button>
        )}
        {request.status === 'RECEIVED' && (
          <>
            <Button disabled={busy} onClick={() => void run(() => check({ id: request._id, passed: true }).unwrap())}>
              QC passed
            </Button>
            <Button variant="secondary" disabled={busy} aria-expanded={form === 'fail'} onClick={() => open('fail')}>
              QC failed…
            </Button>
          </>
        )}
        {payoutDue && (
          <Button disabled={busy} aria-expanded={form === 'payout'} onClick={() => open('payout')}>
            Record payout…
          </Button>
        )}
      </div>
      {form && (
        <form className={styles.staffForm} onSubmit={submit} noValidate aria-labelledby={`${id}-title`}>
          <p id={`${id}-title`} className={styles.staffFormTitle}>
            {form === 'fail' ? `Quality check failed: ${request.returnId}` : `Payout of ${request.returnId} to ${request.refund?.payTo ?? ''}`}
          </p>
          {form === 'payout' && (
            <Field
              label="Reference (UTR or UPI transaction id)"
              value={reference}
              error={errors.reference}
              autoComplete="off"
              onChange={(event) => setReference(event.target.value)}
            />
          )}
          <Field
            label={form === 'fail' ? 'Why it failed (the shopper reads it)' : 'Note'}
            optional={form === 'payout'}
            value={note}
            maxLength={500}
            error={errors.note}
            onChange={(event) => setNote(event.target.value)}
          />
          <div className={styles.staffButtons}>
            <Button type="submit" disabled={busy} aria-busy={busy || undefined}>
              {form === 'fail' ? 'Confirm QC failed' : 'Record payout'}
            </Button>
            <Button type="button" variant="quiet" onClick={() => open(null)}>
              Cancel
            </Button>
          </div>
        </form>
      )}
      {failure && <FormAlert>{failure}</FormAlert>}
    </div>
  );
}
