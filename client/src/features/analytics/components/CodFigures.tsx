// The dashboard's cash-on-delivery cards (issue 19): over a chosen span of days, the COD share
// of the orders placed (count and value), the returned-to-origin (RTO) rate in all, for COD,
// and the states and pincodes with the most RTO (each with its counts, so 1 of 1 reads as what
// it is), how the COD orders asked to confirm answered, and the failed deliveries waiting for an
// answer now, linking to the NDR queue. The server computes every figure; the dashboard's live
// refresh refetches them.
import { useId, useState } from 'react';
import { Link } from '../../../components/Link';
import { accountPaths } from '../../../lib/accountPaths';
import { formatRupees } from '../../../lib/money';
import { useGetCodFiguresQuery, type CodFigures as Figures, type RtoPlace } from '../codApi';
import styles from './CodFigures.module.css';
import dashboard from './Dashboard.module.css';

const spans = [7, 30, 90];

const percent = (value: number | null) => (value === null ? '—' : `${value.toLocaleString('en-IN')}%`);
const count = (n: number, one: string, many: string) => `${n.toLocaleString('en-IN')} ${n === 1 ? one : many}`;

export function CodFigures() {
  const [days, setDays] = useState(30);
  const { data, isLoading, isError, isFetching } = useGetCodFiguresQuery(days);
  const titleId = useId();
  return (
    <section className={styles.cod} aria-labelledby={titleId} aria-busy={isFetching || undefined}>
      <div className={styles.head}>
        <h2 id={titleId} className={styles.title}>
          Cash on delivery, last {days} days
        </h2>
        <div className={dashboard.presets} role="group" aria-label="Days">
          {spans.map((span) => (
            <button key={span} type="button" className={dashboard.preset} aria-pressed={span === days} onClick={() => setDays(span)}>
              {span} days
            </button>
          ))}
        </div>
      </div>
      {isLoading ? (
        <p className={styles.muted}>Loading...</p>
      ) : isError || !data ? (
        <p className={styles.muted}>The cash on delivery figures could not be loaded.</p>
      ) : (
        <Cards figures={data} />
      )}
    </section>
  );
}

function Cards({ figures }: { figures: Figures }) {
  const { share, rto, confirmation, ndr } = figures;
  return (
    <div className={styles.cards}>
      <article className={dashboard.card} aria-label="COD share">
        <h3 className={dashboard.cardLabel}>COD share</h3>
        <p className={dashboard.big}>{percent(share.ordersPercent)}</p>
        <p className={dashboard.small}>
          {share.codOrders.toLocaleString('en-IN')} of {count(share.orders, 'order', 'orders')}
        </p>
        <p className={styles.line}>
          Value: {formatRupees(share.codValue)} of {formatRupees(share.value)} ({percent(share.valuePercent)})
        </p>
      </article>

      <article className={dashboard.card} aria-label="Returned to origin (RTO)">
        <h3 className={dashboard.cardLabel}>Returned to origin (RTO)</h3>
        <p className={dashboard.big}>{percent(rto.percent)}</p>
        <p className={dashboard.small}>
          {rto.rto.toLocaleString('en-IN')} of {count(rto.ended, 'delivery', 'deliveries')} that ended
        </p>
        <p className={styles.line}>
          COD: {rto.cod.rto.toLocaleString('en-IN')} of {rto.cod.ended.toLocaleString('en-IN')} ({percent(rto.cod.percent)})
        </p>
        <Places title="Most RTO by state" rows={rto.byState} />
        <Places title="Most RTO by pincode" rows={rto.byPincode} />
      </article>

      <article className={dashboard.card} aria-label="COD confirmation">
        <h3 className={dashboard.cardLabel}>COD confirmation</h3>
        <p className={dashboard.big}>{percent(confirmation.percent)}</p>
        <p className={dashboard.small}>
          {confirmation.confirmed.toLocaleString('en-IN')} confirmed of {count(confirmation.asked - confirmation.waiting, 'answered', 'answered')}
        </p>
        <dl className={styles.counts}>
          <div>
            <dt>By the shopper (link or reply)</dt>
            <dd>{confirmation.byShopper}</dd>
          </div>
          <div>
            <dt>By staff after a call</dt>
            <dd>{confirmation.byStaff}</dd>
          </div>
          <div>
            <dt>Expired unconfirmed</dt>
            <dd>{confirmation.expired}</dd>
          </div>
          <div>
            <dt>Cancelled while waiting</dt>
            <dd>{confirmation.cancelled}</dd>
          </div>
          <div>
            <dt>Waiting now</dt>
            <dd>{confirmation.waiting}</dd>
          </div>
        </dl>
      </article>

      <article className={dashboard.card} aria-label="Failed deliveries">
        <h3 className={dashboard.cardLabel}>Failed deliveries</h3>
        <p className={dashboard.big}>{ndr.unanswered.toLocaleString('en-IN')}</p>
        <p className={dashboard.small}>{ndr.unanswered === 1 ? 'waits for an answer' : 'wait for an answer'}</p>
        <p className={styles.line}>{count(ndr.open, 'open attempt', 'open attempts')} in all</p>
        <p className={styles.line}>
          <Link to={`${accountPaths.admin}/ndr`} className={styles.link}>
            Open the NDR queue
          </Link>
        </p>
      </article>
    </div>
  );
}

/** A state's or pincode's RTO: its counts always, its rate marked when too few ended to judge. */
function Places({ title, rows }: { title: string; rows: RtoPlace[] }) {
  const titleId = useId();
  return (
    <div className={styles.places}>
      <h4 id={titleId} className={styles.placesTitle}>
        {title}
      </h4>
      {rows.length === 0 ? (
        <p className={styles.muted}>None returned.</p>
      ) : (
        <ol aria-labelledby={titleId} className={styles.ranked}>
          {rows.map((row) => (
            <li key={row.place}>
              <span className={styles.place}>{row.place}</span>
              <span className={styles.rate}>
                {row.rto} of {row.ended}
                {row.few ? <span className={styles.few}> · too few to judge</span> : <strong> · {percent(row.percent)}</strong>}
              </span>
            </li>
          ))}
        </ol>
      )}
    </div>
  );
}
