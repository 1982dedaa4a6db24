// One return or exchange request, opened from the back office's queue in a drawer: what it asks
// for, the reason and photos, the shopper, the steps (who, note, when), the pickup's AWB and the
// payout's masked details when there are any, and the moves staff can make now: approve, reject
// with a reason; mark received, pass or fail QC (with a note), record a COD payout
// (StaffReturnActions, the order page's too).
import { useId } from 'react';
import { Button } from '../../../components/Button';
import { Dialog } from '../../../components/Dialog';
import { Link } from '../../../components/Link';
import { Spinner } from '../../../components/Spinner';
import { StateMessage } from '../../../components/StateMessage';
import type { ApiError } from '../../../lib/api';
import { formatRupees } from '../../../lib/money';
import { useGetAdminReturnQuery } from '../admin/api';
import type { AdminReturnRequest } from '../admin/types';
import { staffMoves } from '../moves';
import { statusTone } from './ReturnQueue';
import { StaffReturnActions } from './StaffReturnActions';
import styles from './ReturnQueue.module.css';
import { indiaDateTime } from '../../../lib/indiaTime';


function when(at: string): string {
  const date = new Date(at);
  return Number.isNaN(date.getTime()) ? '' : indiaDateTime.format(date);
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

export function ReturnRequestDrawer({ id, onClose, canReveal = false }: { id: string; onClose: () => void; canReveal?: boolean }) {
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
        <RequestView request={data} titleId={titleId} canReveal={canReveal} />
      )}
    </Dialog>
  );
}

function RequestView({ request, titleId, canReveal }: { request: AdminReturnRequest; titleId: string; canReveal: boolean }) {
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

      {staffMoves(request).length > 0 && (
        <section className={styles.moves} aria-label="Actions">
          <h3 className={styles.blockTitle}>Next step</h3>
          <StaffReturnActions request={request} canReveal={canReveal} />
        </section>
      )}
    </article>
  );
}
