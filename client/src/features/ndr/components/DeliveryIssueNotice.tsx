// The order pages' line about a failed delivery attempt: "Delivery attempt failed: <reason>",
// the attempt's number, and what was answered, or (for the shopper) the way to answer. Live:
// the order's shipment events refresh it.
import { ButtonLink } from '../../../components/Button';
import { useGetOrderDeliveryIssueQuery, useGetStaffOrderDeliveryIssueQuery } from '../api';
import type { DeliveryIssue } from '../types';
import { answerLine, answerState, since } from '../words';
import styles from './Ndr.module.css';

export function DeliveryIssueNotice({ issue, staff = false }: { issue: DeliveryIssue; staff?: boolean }) {
  if (!issue.open) return null;
  return (
    <section className={styles.notice} role="status" aria-label="Delivery attempt failed">
      <p className={styles.noticeTitle}>Delivery attempt failed: {issue.reason}</p>
      <p className={styles.noticeMeta}>
        Attempt {issue.attempt} of {issue.attemptLimit} · {since(issue.reportedAt)}
        {issue.awb ? ` · AWB ${issue.awb}` : ''}
      </p>
      {issue.answered ? (
        <p className={styles.noticeMeta}>
          {answerLine(issue)} — {answerState(issue)}
          {staff && issue.note ? ` · ${issue.note}` : ''}
        </p>
      ) : issue.token ? (
        <ButtonLink to={`/delivery-issue/${issue.token}`}>Choose what happens next</ButtonLink>
      ) : (
        <p className={styles.noticeMeta}>Waiting for the shopper's answer</p>
      )}
    </section>
  );
}

/** The shopper's order page: their order's failed attempt, if any. */
export function ShopperDeliveryIssue({ orderId }: { orderId: string }) {
  const { data } = useGetOrderDeliveryIssueQuery(orderId, { skip: !orderId });
  return data ? <DeliveryIssueNotice issue={data} /> : null;
}

/** The back office's order page: the order's failed attempt, if any. */
export function StaffDeliveryIssue({ orderId }: { orderId: string }) {
  const { data } = useGetStaffOrderDeliveryIssueQuery(orderId, { skip: !orderId });
  return data ? <DeliveryIssueNotice issue={data} staff /> : null;
}
