// The back office's NDR queue (/admin/ndr): every order whose delivery attempt failed and is
// not settled, oldest first, with the courier's reason, the attempts, the time since and the
// answer; staff act for the shopper (after a call) with a note. Live: it follows the admin
// orders topic, whose order and shipment events refetch everything tagged 'Order' (lib/realtime),
// this queue with it: an answer the worker has sent to the courier turns to "Sent" in place.
import { useEffect, useId, useState } from 'react';
import { Button } from '../../../components/Button';
import { Dialog } from '../../../components/Dialog';
import { Link } from '../../../components/Link';
import { useAppDispatch } from '../../../app/hooks';
import { StateMessage } from '../../../components/StateMessage';
import { adminTopics, setRealtimeExtension } from '../../../lib/realtime';
import { ndrApi, useAnswerNdrMutation, useGetNdrQueueQuery } from '../api';
import type { DeliveryIssue } from '../types';
import { answerLine, answerState, nextDays, since } from '../words';
import { AnswerForm } from './AnswerForm';
import styles from './Ndr.module.css';

export function NdrQueue() {
  const { data, isLoading, isError } = useGetNdrQueueQuery();
  const dispatch = useAppDispatch();
  // Invalidated rather than refetched: a refetch asked while the first fetch is still on its way
  // is dropped, an invalidation waits for it and fetches again.
  useEffect(() => {
    setRealtimeExtension({ topics: [adminTopics.orders], event: () => {}, subscribed: () => dispatch(ndrApi.util.invalidateTags(['Order'])) });
    return () => setRealtimeExtension(null);
  }, [dispatch]);
  const [acting, setActing] = useState<DeliveryIssue | null>(null);
  const [answer] = useAnswerNdrMutation();
  const titleId = useId();
  const issues = data?.issues ?? [];
  return (
    <section className={styles.queue} aria-labelledby="ndr-title">
      <header className={styles.queueHeader}>
        <h1 id="ndr-title" className={styles.queueTitle}>
          Failed deliveries
        </h1>
        <p className={styles.noticeMeta}>
          {issues.length} open · the courier returns a parcel after {data?.attemptLimit ?? 3} failed attempts
        </p>
      </header>
      {isLoading ? (
        <p>Loading…</p>
      ) : isError ? (
        <StateMessage tone="error" title="The NDR queue could not be loaded" />
      ) : issues.length === 0 ? (
        <StateMessage title="No failed deliveries" detail="Orders whose delivery attempt failed show here until they are delivered or returned." />
      ) : (
        <ul className={styles.rows}>
          {issues.map((issue) => (
            <li key={issue._id} className={styles.row} data-order={issue.orderId}>
              <div className={styles.rowMain}>
                <Link to={`/admin/orders/${issue.orderRef}`} className={styles.orderLink}>
                  {issue.orderId}
                </Link>
                <p className={styles.rowReason}>{issue.reason}</p>
                <p className={styles.noticeMeta}>
                  Attempt {issue.attempt} of {issue.attemptLimit} · {since(issue.reportedAt)}
                </p>
              </div>
              <div className={styles.rowState}>
                {issue.answered ? (
                  <p className={styles.noticeMeta}>
                    <strong>{answerLine(issue)}</strong>
                    <br />
                    {answerState(issue)} · by {issue.answeredBy?.startsWith('staff:') ? 'staff' : 'the shopper'}
                  </p>
                ) : (
                  <>
                    <p className={styles.noticeMeta}>Waiting for the shopper</p>
                    <Button variant="secondary" onClick={() => setActing(issue)}>
                      Act for the shopper
                    </Button>
                  </>
                )}
              </div>
            </li>
          ))}
        </ul>
      )}
      {acting && (
        <Dialog labelledBy={titleId} onClose={() => setActing(null)} variant="sheet">
          <h2 id={titleId} className={styles.dialogTitle}>
            Order {acting.orderId}: {acting.reason}
          </h2>
          <AnswerForm
            staff
            dates={nextDays()}
            submitLabel="Send to the courier"
            onAnswer={async (a) => {
              await answer({ id: acting._id, answer: a }).unwrap();
              setActing(null);
            }}
          />
        </Dialog>
      )}
    </section>
  );
}
