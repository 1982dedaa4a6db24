// The back office's first screen (/admin/dashboard): a greeting by name, takings today and over
// 7 and 30 days (online and cash on delivery apart) against the span before, the average order, the 30 days' orders by status, a
// day-by-day revenue chart, best-selling products and sizes, new customers and the sizes
// running out. It follows admin:dashboard: each order or payment event refetches it (bursts
// coalesced), and so does each confirmation of its subscription (at first, after a reconnect).
import { useEffect, useId, type ReactNode } from 'react';
import { StateMessage } from '../../../components/StateMessage';
import { Button } from '../../../components/Button';
import { useAppDispatch } from '../../../app/hooks';
import type { ApiError } from '../../../lib/api';
import { formatRupees } from '../../../lib/money';
import { adminTopics, setRealtimeExtension } from '../../../lib/realtime';
import { toastShown } from '../../../lib/toast';
import { dashboardApi, useGetDashboardQuery } from '../api';
import { revenueChart } from '../chart';
import { comparison, greeting } from '../compare';
import type { Dashboard as Figures, Report, Takings } from '../types';
import { CodFigures } from './CodFigures';
import styles from './Dashboard.module.css';

const dashboardTopic = adminTopics.dashboard;
const refetchDelayMs = 500;

const statusNames: Record<string, string> = {
  AWAITING_PAYMENT: 'Awaiting payment',
  PENDING: 'Pending',
  CONFIRMED: 'Confirmed',
  NEW: 'With the courier',
  READY_TO_SHIP: 'Ready to ship',
  PICKUP_SCHEDULED: 'Pickup scheduled',
  SHIPPED: 'Shipped',
  IN_TRANSIT: 'In transit',
  OUT_FOR_DELIVERY: 'Out for delivery',
  DELIVERED: 'Delivered',
  CANCELED: 'Cancelled',
  RTO_INITIATED: 'Returning to us',
  RTO_DELIVERED: 'Returned to us',
  RETURN_REQUESTED: 'Return requested',
  RETURNED: 'Returned',
};

const day = new Intl.DateTimeFormat('en-IN', { day: 'numeric', month: 'short', timeZone: 'UTC' });

/** The dashboard; children are more cards from other features (the complaints card), below the figures. */
export function Dashboard({ name, children }: { name: string; children?: ReactNode }) {
  const dispatch = useAppDispatch();
  const { data, isLoading, isError, error, refetch, fulfilledTimeStamp } = useGetDashboardQuery();

  useEffect(() => {
    if (isError) dispatch(toastShown({ message: (error as Partial<ApiError> | undefined)?.message || 'The figures could not be loaded', type: 'error' }));
  }, [dispatch, isError, error]);

  useEffect(() => {
    let timer: number | undefined;
    const soon = () => {
      window.clearTimeout(timer);
      timer = window.setTimeout(() => dispatch(dashboardApi.util.invalidateTags(['Dashboard'])), refetchDelayMs);
    };
    setRealtimeExtension({ topics: [dashboardTopic], event: (event) => event.topic === dashboardTopic && soon(), subscribed: soon });
    return () => {
      setRealtimeExtension(null);
      window.clearTimeout(timer);
    };
  }, [dispatch]);

  return (
    <div className={styles.page}>
      <title>Dashboard — drape back office</title>
      <header>
        <p className={styles.eyebrow}>Back office</p>
        <h1 className={styles.title}>{greeting(name, new Date())}</h1>
        <p className={styles.lede}>How the shop is doing, updated as orders come in.</p>
      </header>
      {isLoading ? (
        <p className={styles.state}>Loading...</p>
      ) : !data ? (
        <StateMessage title="The figures could not be loaded" detail="Check the connection and try again.">
          <Button variant="secondary" onClick={() => void refetch()}>
            Try again
          </Button>
        </StateMessage>
      ) : (
        <Figures figures={data} updatedAt={fulfilledTimeStamp} />
      )}
      {children}
    </div>
  );
}

function Figures({ figures, updatedAt }: { figures: Figures; updatedAt?: number }) {
  const { report } = figures;
  return (
    <div className={styles.figures} data-updated={updatedAt}>
      <section className={styles.takings} aria-label="Takings">
        <TakingsCard label="Today" takings={figures.today} previous={figures.previous?.today} before="yesterday" />
        <TakingsCard label="Last 7 days" takings={figures.week} previous={figures.previous?.week} before="the 7 days before" />
        <TakingsCard label="Last 30 days" takings={figures.month} previous={figures.previous?.month} before="the 30 days before" />
        <article className={styles.card}>
          <h2 className={styles.cardLabel}>New customers, 30 days</h2>
          <p className={styles.big} data-testid="new-customers">
            {report.newCustomers.toLocaleString('en-IN')}
          </p>
          <p className={styles.small}>Accounts opened</p>
        </article>
      </section>

      <RevenueSection days={report.days} title="Revenue, last 30 days" />

      <div className={styles.columns}>
        <ReportColumns report={report} period="30 days" />
        <section className={styles.card} aria-labelledby="low-title">
          <h2 id="low-title" className={styles.cardTitle}>
            Running out
          </h2>
          {figures.lowStock.length === 0 ? (
            <p className={styles.empty}>Every size has more than 5 left.</p>
          ) : (
            <ul className={styles.ranked}>
              {figures.lowStock.slice(0, 8).map((row) => (
                <li key={`${row.productId}-${row.size}`}>
                  <span className={styles.name}>
                    {row.productName} · {row.size}
                  </span>
                  <span className={row.stock === 0 ? styles.out : styles.low}>{row.stock === 0 ? 'Sold out' : `${row.stock} left`}</span>
                </li>
              ))}
            </ul>
          )}
        </section>
      </div>
      <CodFigures />
    </div>
  );
}

/** The day-by-day revenue chart in its card. */
export function RevenueSection({ days, title }: { days: Figures['report']['days']; title: string }) {
  const titleId = useId();
  return (
    <section className={`${styles.card} ${styles.chartCard}`} aria-labelledby={titleId}>
      <div className={styles.cardHead}>
        <h2 id={titleId} className={styles.cardTitle}>
          {title}
        </h2>
        <p className={styles.legend}>
          <span className={styles.keyOnline} /> Online <span className={styles.keyCod} /> Cash on delivery
        </p>
      </div>
      <RevenueChart days={days} />
    </section>
  );
}

/** Orders by status and the best sellers of a report (`period` names its span: '30 days'). */
export function ReportColumns({ report, period }: { report: Report; period: string }) {
  const statusTotal = report.byStatus.reduce((sum, row) => sum + row.orders, 0);
  return (
    <>
      <section className={styles.card} aria-label={`Orders by status, ${period}`}>
        <h2 className={styles.cardTitle}>Orders by status, {period}</h2>
        {report.byStatus.length === 0 ? (
          <p className={styles.empty}>No orders yet.</p>
        ) : (
          <ul className={styles.bars}>
            {report.byStatus.map((row) => (
              <li key={row.orderStatus}>
                <span>{statusNames[row.orderStatus] ?? row.orderStatus}</span>
                <span className={styles.barTrack} aria-hidden="true">
                  <span className={styles.barFill} style={{ width: `${(row.orders / Math.max(1, statusTotal)) * 100}%` }} />
                </span>
                <span className={styles.count}>{row.orders}</span>
              </li>
            ))}
          </ul>
        )}
      </section>

      <section className={styles.card} aria-label={`Best sellers, ${period}`}>
        <h2 className={styles.cardTitle}>Best sellers, {period}</h2>
        {report.topProducts.length === 0 ? (
          <p className={styles.empty}>Nothing sold yet.</p>
        ) : (
          <ol className={styles.ranked}>
            {report.topProducts.slice(0, 5).map((product) => (
              <li key={product.productId}>
                <span className={styles.name}>{product.productName}</span>
                <span className={styles.count}>
                  {product.units} sold · {formatRupees(product.revenue)}
                </span>
              </li>
            ))}
          </ol>
        )}
        {report.topSizes.length > 0 && (
          <p className={styles.sizes}>
            Sizes: {report.topSizes.slice(0, 6).map((size) => `${size.size} (${size.units})`).join(' · ')}
          </p>
        )}
      </section>
    </>
  );
}

/**
 * One span's takings: the total against the span before (`previous`, named by `before`: "the 7
 * days before"), orders and the average in whole rupees, online and cash on delivery apart.
 */
export function TakingsCard({ label, takings, previous, before }: { label: string; takings: Takings; previous?: Takings; before?: string }) {
  const change = previous && before ? comparison(takings.total, previous.total, before) : null;
  return (
    <article className={styles.card} aria-label={label}>
      <h2 className={styles.cardLabel}>{label}</h2>
      <p className={styles.big}>{formatRupees(takings.total)}</p>
      {change && (
        <p className={styles.change} data-trend={change.trend}>
          {change.text}
        </p>
      )}
      <p className={styles.small}>
        {takings.orders === 1 ? '1 order' : `${takings.orders.toLocaleString('en-IN')} orders`}
        {takings.orders > 0 && ` · ${formatRupees(Math.round(takings.averageOrder))} average`}
      </p>
      <dl className={styles.split}>
        <div>
          <dt>Online</dt>
          <dd>{formatRupees(takings.online)}</dd>
        </div>
        <div>
          <dt>COD</dt>
          <dd>{formatRupees(takings.codBooked)}</dd>
        </div>
      </dl>
    </article>
  );
}

function RevenueChart({ days }: { days: Figures['report']['days'] }) {
  const titleId = useId();
  const width = 720;
  const height = 200;
  const chart = revenueChart(days, width, height);
  const total = days.reduce((sum, entry) => sum + entry.total, 0);
  // About six dates under the bars, whatever the span.
  const labelEvery = Math.max(5, Math.ceil(days.length / 6));
  return (
    <svg className={styles.chart} viewBox={`-84 -8 ${width + 92} ${height + 32}`} role="img" aria-labelledby={titleId}>
      <title id={titleId}>{`Revenue per day over ${days.length} days: ${formatRupees(total)} in all`}</title>
      {chart.grid.map((line) => (
        <g key={line.value}>
          <line x1={0} x2={width} y1={line.y} y2={line.y} className={styles.gridline} />
          <text x={-8} y={line.y + 4} textAnchor="end" className={styles.axis}>
            {formatRupees(line.value)}
          </text>
        </g>
      ))}
      {chart.bars.map((bar, index) => (
        <g key={bar.date}>
          <rect x={bar.x} y={bar.online.y} width={bar.width} height={bar.online.height} className={styles.online}>
            <title>{`${bar.date}: ${formatRupees(days[index]?.online ?? 0)} online, ${formatRupees(days[index]?.codBooked ?? 0)} COD`}</title>
          </rect>
          <rect x={bar.x} y={bar.cod.y} width={bar.width} height={bar.cod.height} className={styles.cod} />
          {(index % labelEvery === 0 || index === days.length - 1) && (
            <text x={bar.x + bar.width / 2} y={height + 18} textAnchor="middle" className={styles.axis}>
              {day.format(new Date(`${bar.date}T00:00:00Z`))}
            </text>
          )}
        </g>
      ))}
    </svg>
  );
}
