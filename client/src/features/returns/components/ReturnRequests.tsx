// An order's return and exchange requests as its shopper follows them: the request number,
// An order's return and exchange requests as its shopper follows them: the request number,
// what it asks for, its courier pickup, its steps, newest last, the latest marked current, and
// its refund or, for an exchange, the new parcel's order; the back office adds its buttons to
// each (actions), and staff see a failed booking's reason.
import type { ReactNode } from 'react';
import { Link } from '../../../components/Link';
import { trackOrderPath } from '../../../lib/orderPaths';
import type { ExchangeOrder, ReturnRequest } from '../types';
import { PickupLine } from './PickupLine';
import { RefundSummary } from './RefundSummary';
import styles from './Returns.module.css';
import { indiaDayTime } from '../../../lib/indiaTime';


function when(at: string): string {
  const date = new Date(at);
  return Number.isNaN(date.getTime()) ? '' : indiaDayTime.format(date);
}

export function ReturnRequests({
  requests,
  actions,
  staff = false,
}: {
  requests: ReturnRequest[];
  actions?: (request: ReturnRequest) => ReactNode;
  staff?: boolean;
}) {
  return (
    <ul className={styles.requests}>
      {requests.map((request) => (
        <li key={request._id} className={styles.request} aria-label={`Request ${request.returnId}`}>
          <header className={styles.requestHead}>
            <span className={styles.requestKind}>{request.kind === 'exchange' ? 'Exchange' : 'Return'}</span>
            <span className={styles.requestId}>{request.returnId}</span>
            <span className={styles.requestStatus} data-testid="return-status">
              {request.statusLabel}
            </span>
          </header>
          <ul className={styles.requestLines}>
            {request.lines.map((line) => (
              <li key={line.item}>
                {line.quantity} × {line.productName}, size {line.size}
                {line.newSize && <> → size {line.newSize}</>}
              </li>
            ))}
          </ul>
          <p className={styles.requestReason}>{request.reason.label}</p>
          <PickupLine pickup={request.pickup} status={request.status} staff={staff} />
          <ol className={styles.steps} aria-label={`Steps of ${request.returnId}`}>
            {request.steps.map((step, index) => (
              <li
                key={`${step.status}-${step.at}`}
                className={styles.stepItem}
                aria-current={index === request.steps.length - 1 ? 'step' : undefined}
              >
                <span className={styles.stepDot} aria-hidden="true" />
                <span className={styles.stepText}>
                  <span className={styles.stepLabel}>{step.label || step.status}</span>
                  {step.at && <time dateTime={step.at}>{when(step.at)}</time>}
                  {step.note && <span className={styles.stepNote}>{step.note}</span>}
                </span>
              </li>
            ))}
          </ol>
          {request.refund && <RefundSummary refund={request.refund} />}
          {request.exchangeOrder && <NewParcel order={request.exchangeOrder} staff={staff} />}
          {actions?.(request)}
        </li>
      ))}
    </ul>
  );
}

/** 'OUT_FOR_DELIVERY' as 'Out for delivery'. */
const statusWords = (status: string) => status.charAt(0) + status.slice(1).toLowerCase().replaceAll('_', ' ');

/** The order an exchange's new size ships in: its number, where it is, and a link to follow it. */
function NewParcel({ order, staff }: { order: ExchangeOrder; staff: boolean }) {
  return (
    <p className={styles.requestReason} data-testid="exchange-order">
      New size ships as order{' '}
      <Link to={staff ? `/admin/orders/${encodeURIComponent(order._id)}` : trackOrderPath(order.orderId)}>{order.orderId}</Link> ·{' '}
      {statusWords(order.orderStatus)}
    </p>
  );
}
