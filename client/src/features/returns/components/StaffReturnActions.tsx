// Staff's moves on one return or exchange request, where the request stands (moves.ts): approve
// (with an optional note to the shopper) or reject (with the reason the shopper reads); mark
// received; QC passed, or failed with the reason the shopper reads; record a cash-on-delivery
// return's payout (the UTR or UPI reference). The one set of staff buttons, shown by the back
// office's order page (StaffOrderReturns) and the returns queue's drawer (ReturnRequestDrawer).
// Each move calls the server; its answer, or the live event, redraws both places. The payout
// form shows the shopper's UPI id or account masked; an admin (canReveal) may reveal it in full
// to pay it, which the server records in the audit log each time.
import { useId, useState, type FormEvent } from 'react';
import { useAppDispatch } from '../../../app/hooks';
import { Button } from '../../../components/Button';
import { Field, FormAlert } from '../../../components/Form';
import type { ApiError } from '../../../lib/api';
import { toastShown } from '../../../lib/toast';
import {
  useApproveReturnMutation,
  useCheckReturnMutation,
  useLazyRevealPayoutQuery,
  useReceiveReturnMutation,
  useRecordPayoutMutation,
  useRejectReturnMutation,
} from '../admin/api';
import { asksFirst, staffMoves, type StaffMove } from '../moves';
import type { ReturnRequest } from '../types';
import styles from './Returns.module.css';

/** Each move's button. */
const buttonLabels: Record<StaffMove, string> = {
  approve: 'Approve',
  reject: 'Reject…',
  receive: 'Mark received',
  qcPass: 'QC passed',
  qcFail: 'QC failed…',
  payout: 'Record payout…',
};

/** The words a move that asks first asks for: the field's label, what it says when empty, the form's button. */
const asks: Record<'reject' | 'qcFail' | 'payout', { label: string; empty: string; submit: string }> = {
  reject: { label: 'Reason for the shopper', empty: 'Say why the request is rejected: the shopper reads it', submit: 'Reject the request' },
  qcFail: { label: 'Why it failed (the shopper reads it)', empty: 'Say why the quality check failed: the shopper reads it', submit: 'Confirm QC failed' },
  payout: { label: 'Reference (UTR or UPI transaction id)', empty: "Enter the payment's reference (UTR or UPI transaction id)", submit: 'Record payout' },
};

type Asking = keyof typeof asks;

export function StaffReturnActions({ request, canReveal = false }: { request: ReturnRequest; canReveal?: boolean }) {
  const id = useId();
  const dispatch = useAppDispatch();
  const [asking, setAsking] = useState<Asking | null>(null);
  const [words, setWords] = useState('');
  const [note, setNote] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [failure, setFailure] = useState('');
  const [approve, approving] = useApproveReturnMutation();
  const [reject, rejecting] = useRejectReturnMutation();
  const [receive, receiving] = useReceiveReturnMutation();
  const [check, checking] = useCheckReturnMutation();
  const [recordPayout, paying] = useRecordPayoutMutation();
  const busy = approving.isLoading || rejecting.isLoading || receiving.isLoading || checking.isLoading || paying.isLoading;
  const moves = staffMoves(request);
  if (moves.length === 0) return null;

  /** The server's field errors on this form's fields: a payout's note is the note; any other field is the words asked for, or the note when none were. */
  function fieldErrors(said: Record<string, string>): Record<string, string> {
    const mapped: Record<string, string> = {};
    for (const [field, message] of Object.entries(said)) {
      const mine = asking === 'payout' ? (field === 'note' ? 'note' : 'words') : asking ? 'words' : 'note';
      mapped[mine] = message;
    }
    return mapped;
  }

  async function run(move: StaffMove) {
    const target = request._id;
    const said = words.trim();
    const optionalNote = note.trim() || undefined;
    const calls: Record<StaffMove, () => Promise<{ returnId: string; statusLabel: string }>> = {
      approve: () => approve({ id: target, note: optionalNote }).unwrap(),
      reject: () => reject({ id: target, reason: said }).unwrap(),
      receive: () => receive({ id: target, note: optionalNote }).unwrap(),
      qcPass: () => check({ id: target, passed: true, note: optionalNote }).unwrap(),
      qcFail: () => check({ id: target, passed: false, note: said }).unwrap(),
      payout: () => recordPayout({ id: target, reference: said, note: optionalNote }).unwrap(),
    };
    setFailure('');
    setErrors({});
    try {
      const done = await calls[move]();
      dispatch(toastShown({ message: `${done.returnId}: ${done.statusLabel}` }));
      setAsking(null);
      setWords('');
      setNote('');
    } catch (caught) {
      const error = caught as Partial<ApiError> | undefined;
      if (error?.status === 400 && error.errors) setErrors(fieldErrors(error.errors as Record<string, string>));
      setFailure(error?.message || 'That did not work. Please try again.');
    }
  }

  function open(move: Asking | null) {
    setAsking(move);
    setWords('');
    setErrors({});
    setFailure('');
  }

  function submit(event: FormEvent) {
    event.preventDefault();
    if (!asking) return;
    if (!words.trim()) {
      setErrors({ words: asks[asking].empty });
      return;
    }
    void run(asking);
  }

  return (
    <div className={styles.staffActions} aria-label={`Actions on ${request.returnId}`} role="group">
      {asking ? (
        <form className={styles.staffForm} onSubmit={submit} noValidate aria-labelledby={`${id}-title`}>
          <p id={`${id}-title`} className={styles.staffFormTitle}>
            {asking === 'reject'
              ? `Reject ${request.returnId}`
              : asking === 'qcFail'
                ? `Quality check failed: ${request.returnId}`
                : `Payout of ${request.returnId} to ${request.refund?.payTo ?? ''}`}
          </p>
          <Field
            label={asks[asking].label}
            value={words}
            maxLength={500}
            autoComplete="off"
            error={errors.words}
            onChange={(event) => setWords(event.target.value)}
          />
          {asking === 'payout' && canReveal && <PayoutReveal requestId={request._id} />}
          {asking === 'payout' && (
            <Field label="Note" optional value={note} maxLength={500} error={errors.note} onChange={(event) => setNote(event.target.value)} />
          )}
          <div className={styles.staffButtons}>
            <Button type="submit" disabled={busy} aria-busy={busy || undefined}>
              {asks[asking].submit}
            </Button>
            <Button type="button" variant="quiet" onClick={() => open(null)}>
              Cancel
            </Button>
          </div>
        </form>
      ) : (
        <>
          {!moves.every(asksFirst) && (
            <Field
              label="Note to the shopper"
              optional
              value={note}
              maxLength={500}
              error={errors.note}
              onChange={(event) => setNote(event.target.value)}
            />
          )}
          <div className={styles.staffButtons}>
            {moves.map((move) =>
              asksFirst(move) ? (
                <Button key={move} variant="secondary" disabled={busy} onClick={() => open(move as Asking)}>
                  {buttonLabels[move]}
                </Button>
              ) : (
                <Button key={move} variant={move === 'receive' ? 'secondary' : 'primary'} disabled={busy} aria-busy={busy || undefined} onClick={() => void run(move)}>
                  {buttonLabels[move]}
                </Button>
              ),
            )}
          </div>
        </>
      )}
      {failure && <FormAlert>{failure}</FormAlert>}
    </div>
  );
}

/** An admin's Reveal of a payout's full details (each a call the audit log records), and Hide. */
function PayoutReveal({ requestId }: { requestId: string }) {
  const [reveal, { data, isFetching, isError, error }] = useLazyRevealPayoutQuery();
  const [shown, setShown] = useState(false);
  const details = shown && data && !isFetching ? (data.upi ? `UPI ${data.upi}` : `A/c ${data.account} · IFSC ${data.ifsc}`) : '';
  return (
    <div className={styles.payoutReveal}>
      {details ? (
        <>
          <p className={styles.payoutDetails} aria-label="Payout details">
            {details}
          </p>
          <Button type="button" variant="quiet" onClick={() => setShown(false)}>
            Hide
          </Button>
        </>
      ) : (
        <Button
          type="button"
          variant="secondary"
          disabled={isFetching}
          aria-busy={isFetching || undefined}
          onClick={() => {
            setShown(true);
            void reveal(requestId, false);
          }}
        >
          Reveal the full details
        </Button>
      )}
      {shown && isError && <FormAlert>{(error as Partial<ApiError> | undefined)?.message || 'The details could not be revealed'}</FormAlert>}
    </div>
  );
}
