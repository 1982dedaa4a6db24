// The dashboard's complaints card (issue 23): complaints not yet resolved and those past their
// one-month due time, linking to the queue. It refetches with the dashboard's figures (tag
// Dashboard) on each admin:dashboard event.
import { Link } from '../../../components/Link';
import { useComplaintFiguresQuery } from '../adminApi';
import styles from './ComplaintsCard.module.css';

export function ComplaintsCard() {
  const { data, isLoading, isError } = useComplaintFiguresQuery();
  return (
    <section className={styles.card} aria-labelledby="complaints-card" data-testid="complaints-card">
      <h2 id="complaints-card" className={styles.title}>
        Complaints
      </h2>
      {isLoading ? (
        <p className={styles.muted}>Loading...</p>
      ) : isError || !data ? (
        <p className={styles.muted}>The complaint figures could not be loaded.</p>
      ) : (
        <dl className={styles.figures}>
          <div>
            <dt>Open</dt>
            <dd>{data.unresolved.toLocaleString('en-IN')}</dd>
          </div>
          <div data-overdue={data.overdue > 0 || undefined}>
            <dt>Overdue</dt>
            <dd>{data.overdue.toLocaleString('en-IN')}</dd>
          </div>
        </dl>
      )}
      <Link to="/admin/complaints" className={styles.link}>
        Open the complaints queue
      </Link>
    </section>
  );
}
