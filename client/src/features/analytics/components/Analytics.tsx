// /admin/analytics: the dashboard's figures over a chosen range of Indian days (presets or two
// dates, kept in the URL), with the day-by-day series as a CSV download for the accountant.
import { useEffect, useId, useState, type ReactNode } from 'react';
import { useSearchParams } from '../../../lib/router';
import { useAppDispatch } from '../../../app/hooks';
import { Button } from '../../../components/Button';
import { Spinner } from '../../../components/Spinner';
import { StateMessage } from '../../../components/StateMessage';
import type { ApiError } from '../../../lib/api';
import { toastShown } from '../../../lib/toast';
import { useGetAnalyticsQuery } from '../api';
import { downloadCsv, indianToday, lastDays, readRange, spanDays, thisMonth, type DateRange } from '../range';
import { ReportColumns, RevenueSection, TakingsCard } from './Dashboard';
import styles from './Dashboard.module.css';
import { Gstr1Card } from './Gstr1Card';

const presets: { label: string; range: () => DateRange }[] = [
  { label: '7 days', range: () => lastDays(7) },
  { label: '30 days', range: () => lastDays(30) },
  { label: '90 days', range: () => lastDays(90) },
  { label: 'This month', range: () => thisMonth() },
];

/** gstReturns shows the GSTR-1 card (the export is for admins); children are more cards, at the end. */
export function Analytics({ gstReturns = false, children }: { gstReturns?: boolean; children?: ReactNode }) {
  const dispatch = useAppDispatch();
  const [search, setSearch] = useSearchParams();
  const range = readRange(search);
  const { data, isLoading, isFetching, isError, error, refetch } = useGetAnalyticsQuery(range);
  const [downloading, setDownloading] = useState(false);
  const ids = { from: useId(), to: useId() };
  const days = spanDays(range);
  const period = days === 1 ? '1 day' : `${days} days`;

  useEffect(() => {
    if (isError) dispatch(toastShown({ message: (error as Partial<ApiError> | undefined)?.message || 'The figures could not be loaded', type: 'error' }));
  }, [dispatch, isError, error]);

  const choose = (next: DateRange) => setSearch(new URLSearchParams({ from: next.from, to: next.to }));

  async function download() {
    setDownloading(true);
    try {
      await downloadCsv(range);
    } catch (failure) {
      dispatch(toastShown({ message: (failure as Error).message, type: 'error' }));
    }
    setDownloading(false);
  }

  return (
    <div className={styles.page}>
      <title>Analytics — drape back office</title>
      <header>
        <p className={styles.eyebrow}>Back office</p>
        <h1 className={styles.title}>Analytics</h1>
        <p className={styles.lede}>Takings, orders and best sellers over any span of days (Indian dates), and the days as a spreadsheet.</p>
      </header>

      <form className={styles.rangeBar} aria-label="Date range" onSubmit={(event) => event.preventDefault()}>
        <div className={styles.presets} role="group" aria-label="Presets">
          {presets.map((preset) => {
            const value = preset.range();
            const current = value.from === range.from && value.to === range.to;
            return (
              <button key={preset.label} type="button" className={styles.preset} aria-pressed={current} onClick={() => choose(value)}>
                {preset.label}
              </button>
            );
          })}
        </div>
        <label htmlFor={ids.from} className={styles.dateField}>
          From
          <input id={ids.from} type="date" value={range.from} max={range.to} onChange={(event) => event.target.value && choose({ ...range, from: event.target.value })} />
        </label>
        <label htmlFor={ids.to} className={styles.dateField}>
          To
          <input
            id={ids.to}
            type="date"
            value={range.to}
            min={range.from}
            max={indianToday()}
            onChange={(event) => event.target.value && choose({ ...range, to: event.target.value })}
          />
        </label>
        <Button variant="secondary" onClick={() => void download()} disabled={downloading} aria-busy={downloading || undefined}>
          {downloading && <Spinner size={16} />}
          Download CSV
        </Button>
      </form>

      {isLoading ? (
        <p className={styles.state}>Loading...</p>
      ) : !data ? (
        <StateMessage title="The figures could not be loaded" detail="Check the dates and the connection, and try again.">
          <Button variant="secondary" onClick={() => void refetch()}>
            Try again
          </Button>
        </StateMessage>
      ) : (
        <div className={styles.figures} aria-busy={isFetching || undefined}>
          <section className={styles.takings} aria-label="Takings">
            <TakingsCard label={`Takings, ${period}`} takings={data.takings} />
            <article className={styles.card}>
              <h2 className={styles.cardLabel}>New customers</h2>
              <p className={styles.big} data-testid="new-customers">
                {data.newCustomers.toLocaleString('en-IN')}
              </p>
              <p className={styles.small}>Accounts opened in these {period}</p>
            </article>
          </section>
          <RevenueSection days={data.days} title={`Revenue per day, ${period}`} />
          <div className={styles.columns}>
            <ReportColumns report={data} period={period} />
          </div>
        </div>
      )}
      {gstReturns && <Gstr1Card />}
      {children}
    </div>
  );
}
