// One return or exchange request, opened from the back office's queue in a drawer: what it asks
// for, the reason and photos, the shopper, the steps (who, note, when), the pickup's AWB and the
// payout's masked details when there are any, and the moves staff can make now: approve, reject
// with a reason; mark received, pass or fail QC (with a note), record a COD payout.
import { useId, useState, type FormEvent } from 'react';
import { useAppDispatch } from '../../../app/hooks';
import { Button } from '../../../components/Button';
import { Dialog } from '../../../components/Dialog';
import { Link } from '../../../components/Link';
import { Spinner } from '../../../components/Spinner';
import { StateMessage } from '../../../components/StateMessage';
import type { ApiError } from '../../../lib/api';
import { formatRupees } from '../../../lib/money';
import { toastShown } from '../../../lib/toast';
import {
  useApproveReturnMutation,
  useCheckReturnMutation,
  useGetAdminReturnQuery,
  useReceiveReturnMutation,
  useRecordPayoutMutation,
  useRejectReturnMutation,
} from '../admin/api';
import { movesFrom, type StaffMove } from '../admin/filters';
import type { AdminReturnRequest } from '../admin/types';
import { statusTone } from './ReturnQueue';
import styles from './ReturnQueue.module.css';

const dateTime = new Intl.DateTimeFormat('en-IN', { day: 'numeric', month: 'short', year: 'numeric', hour: 'numeric', minute: '2-digit', timeZone: 'Asia/Kolkata' });

function when(at: string): string {
  const date = new Date(at);
  return Number.isNaN(date.getTime()) ? '' : dateTime.format(date);
}

function problem(error: unknown, fallback: string): string {
  return (error as Partial<ApiError> | undefined)?.message || fallback;
}

/** Who made a step, for staff: the shopper, a staff member, the courier. */
function actor(who: string): string {
  if (who === 'shopper') return 'Shopper';
  if (who.startsWith('staff')) return 'Staff';
  if (who === 'courier' || who === 'system') return who === 'courier' ? 'Courier' : 'Shop';
  return who || 'Shop';
}

export function ReturnRequestDrawer({ id, onClose }: { id: string; onClose: () => void }) {
  const titleId = useId();
  const { data, isLoading, isError, error, refetch } = useGetAdminReturnQuery(id);
  return (
    <Dialog labelledBy={titleId} onClose={onClose} variant="drawer" className={styles.drawer} closeLabel="Close the request">
      {isLoading ? (
        <div className={styles.drawerState}>
          <h2 id={titleId} className="visually-hidden">
            Return request
          </h2>
          <Spinner label="Loading the request" />
        </div>
      ) : isError || !data ? (
        <div className={styles.drawerState}>
          <h2 id={titleId} className="visually-hidden">
            Return request
          </h2>
          <StateMessage tone="error" title="The request could not be loaded" detail={problem(error, 'Try again in a moment.')}>
            <Button variant="secondary" onClick={() => void refetch()}>
              Try again
            </Button>
          </StateMessage>
        </div>
      ) : (
        <RequestView request={data} titleId={titleId} />
      )}
    </Dialog>
  );
}

function RequestView({ request, titleId }: { request: AdminReturnRequest; titleId: string }) {
  const moves = movesFrom(request.status, request.kind, request.refund?.method);
  return (
    <article className={styles.detail} aria-labelledby={titleId}>
      <header className={styles.detailHead}>
        <p className={styles.detailKind}>{request.kind === 'exchange' ? 'Size exchange' : 'Return'}</p>
        <h2 id={titleId} className={styles.detailTitle}>
          {request.returnId}
        </h2>
        <div className={styles.detailMeta}>
          <span className={`${styles.pill} ${statusTone(request.status)}`} data-testid="request-status">
            {request.statusLabel}
          </span>
          <span>Asked {when(request.createdAt)}</span>
          {request.orderRef && <Link to={`/admin/orders/${request.orderRef}`}>Order {request.orderId}</Link>}
        </div>
      </header>

      {request.customer && (
        <section className={styles.block} aria-label="Shopper">
          <h3 className={styles.blockTitle}>Shopper</h3>
          <p className={styles.strong}>{request.customer.name}</p>
          <p className={styles.muted}>{request.customer.email}</p>
        </section>
      )}

      <section className={styles.block} aria-label="Items">
        <h3 className={styles.blockTitle}>Items</h3>
        <ul className={styles.lines}>
          {request.lines.map((line) => (
            <li key={line.item}>
              <span className={styles.strong}>{line.productName}</span>
              <span className={styles.muted}>
                {line.quantity} × size {line.size}
                {line.newSize && (
                  <>
                    {' '}
                    → <strong>{line.newSize}</strong> {line.held > 0 ? `(${line.held} held)` : '(not held)'}
                  </>
                )}
              </span>
            </li>
          ))}
        </ul>
        <p>
          <span className={styles.muted}>Reason: </span>
          {request.reason.label}
        </p>
        {request.note && <blockquote className={styles.note}>“{request.note}”</blockquote>}
        {request.fee > 0 && <p className={styles.muted}>Pickup fee {formatRupees(request.fee)}</p>}
        {request.photos.length > 0 && (
          <ul className={styles.photos} aria-label="Photos">
            {request.photos.map((photo) => (
              <li key={photo}>
                <a href={photo} target="_blank" rel="noreferrer">
                  <img src={photo} alt={`Sent with ${request.returnId}`} loading="lazy" />
                </a>
              </li>
            ))}
          </ul>
        )}
      </section>

      {(request.awb || request.payout) && (
        <section className={styles.block} aria-label="Pickup and payout">
          {request.awb && (
            <p>
              <span className={styles.muted}>Pickup AWB </span>
              <code>{request.awb}</code>
              {request.courier && <span className={styles.muted}> · {request.courier}</span>}
            </p>
          )}
          {request.payout && (
            <p>
              <span className={styles.muted}>Refund to </span>
              {request.payout.method && `${request.payout.method.toUpperCase()} `}
              <code>{request.payout.account}</code>
              {request.payout.reference && <span className={styles.muted}> · paid, ref {request.payout.reference}</span>}
            </p>
          )}
        </section>
      )}

      <section className={styles.block} aria-label="Steps">
        <h3 className={styles.blockTitle}>Steps</h3>
        <ol className={styles.timeline} aria-label={`Steps of ${request.returnId}`}>
          {request.steps.map((step, index) => (
            <li key={`${step.status}-${step.at}-${index}`} aria-current={index === request.steps.length - 1 ? 'step' : undefined}>
              <span className={styles.dot} aria-hidden="true" />
              <span className={styles.strong}>{step.label || step.status}</span>
              <span className={styles.muted}>
                {actor(step.actor)} · <time dateTime={step.at}>{when(step.at)}</time>
              </span>
              {step.note && <span className={styles.stepNote}>{step.note}</span>}
            </li>
          ))}
        </ol>
      </section>

      {moves.length > 0 && <Moves request={request} moves={moves} />}
    </article>
  );
}

const moveLabels: Record<StaffMove, string> = {
  approve: 'Approve',
  reject: 'Reject',
  receive: 'Mark received',
  qcPass: 'QC passed',
  qcFail: 'QC failed',
  payout: 'Record payout',
};

/** The moves staff can make now; reject, QC failed and payout ask for words first. */
function Moves({ request, moves }: { request: AdminReturnRequest; moves: StaffMove[] }) {
  const dispatch = useAppDispatch();
  const [asking, setAsking] = useState<StaffMove | null>(null);
  const [text, setText] = useState('');
  const [note, setNote] = useState('');
  const [fieldError, setFieldError] = useState('');
  const [approve, approving] = useApproveReturnMutation();
  const [reject, rejecting] = useRejectReturnMutation();
  const [receive, receiving] = useReceiveReturnMutation();
  const [check, checking] = useCheckReturnMutation();
  const [payout, paying] = useRecordPayoutMutation();
  const busy = approving.isLoading || rejecting.isLoading || receiving.isLoading || checking.isLoading || paying.isLoading;
  const ids = { text: useId(), note: useId(), error: useId() };

  async function run(move: StaffMove) {
    const id = request._id;
    const calls: Record<StaffMove, () => Promise<AdminReturnRequest>> = {
      approve: () => approve({ id, note: note.trim() || undefined }).unwrap(),
      reject: () => reject({ id, reason: text.trim() }).unwrap(),
      receive: () => receive({ id, note: note.trim() || undefined }).unwrap(),
      qcPass: () => check({ id, passed: true, note: note.trim() || undefined }).unwrap(),
      qcFail: () => check({ id, passed: false, note: text.trim() }).unwrap(),
      payout: () => payout({ id, reference: text.trim(), note: note.trim() || undefined }).unwrap(),
    };
    try {
      const done = await calls[move]();
      dispatch(toastShown({ message: `${done.returnId}: ${done.statusLabel}` }));
      setAsking(null);
      setText('');
      setNote('');
      setFieldError('');
    } catch (failure) {
      const fields = (failure as Partial<ApiError> | undefined)?.errors as Record<string, string> | undefined;
      const said = fields && Object.values(fields)[0];
      if (said) setFieldError(said);
      else dispatch(toastShown({ message: problem(failure, 'The request could not be moved'), type: 'error' }));
    }
  }

  function submit(event: FormEvent) {
    event.preventDefault();
    if (!asking) return;
    if (!text.trim()) {
      setFieldError(asking === 'payout' ? 'Enter the payout reference' : asking === 'reject' ? 'Say why: the shopper reads it' : 'Say what failed: the shopper reads it');
      return;
    }
    void run(asking);
  }

  const wordsFirst = (move: StaffMove) => move === 'reject' || move === 'qcFail' || move === 'payout';
  const textLabel = asking === 'payout' ? 'Payout reference (UTR or UPI ref)' : asking === 'reject' ? 'Reason for the shopper' : 'What failed';

  return (
    <section className={styles.moves} aria-label="Actions">
      <h3 className={styles.blockTitle}>Next step</h3>
      {asking ? (
        <form className={styles.moveForm} onSubmit={submit} noValidate>
          <label htmlFor={ids.text}>{textLabel}</label>
          {asking === 'payout' ? (
            <input id={ids.text} value={text} onChange={(e) => setText(e.target.value)} aria-invalid={Boolean(fieldError) || undefined} aria-describedby={fieldError ? ids.error : undefined} />
          ) : (
            <textarea id={ids.text} rows={3} maxLength={500} value={text} onChange={(e) => setText(e.target.value)} aria-invalid={Boolean(fieldError) || undefined} aria-describedby={fieldError ? ids.error : undefined} />
          )}
          {fieldError && (
            <p id={ids.error} className={styles.fieldError} role="alert">
              {fieldError}
            </p>
          )}
          {asking === 'payout' && (
            <>
              <label htmlFor={ids.note}>Note (optional)</label>
              <input id={ids.note} value={note} onChange={(e) => setNote(e.target.value)} />
            </>
          )}
          <div className={styles.moveButtons}>
            <Button type="submit" disabled={busy} aria-busy={busy || undefined}>
              {busy && <Spinner size={16} />}
              {asking === 'reject' ? 'Reject the request' : asking === 'qcFail' ? 'Record QC failed' : 'Record the payout'}
            </Button>
            <Button variant="secondary" onClick={() => (setAsking(null), setFieldError(''))}>
              Cancel
            </Button>
          </div>
        </form>
      ) : (
        <>
          {!moves.every(wordsFirst) && (
            <div className={styles.moveForm}>
              <label htmlFor={ids.note}>Note to the shopper (optional)</label>
              <input id={ids.note} value={note} maxLength={500} onChange={(e) => setNote(e.target.value)} />
            </div>
          )}
          <div className={styles.moveButtons}>
            {moves.map((move) => (
              <Button
                key={move}
                variant={wordsFirst(move) ? 'secondary' : 'primary'}
                disabled={busy}
                onClick={() => (wordsFirst(move) ? (setAsking(move), setText(''), setFieldError('')) : void run(move))}
              >
                {moveLabels[move]}
              </Button>
            ))}
          </div>
        </>
      )}
    </section>
  );
}
