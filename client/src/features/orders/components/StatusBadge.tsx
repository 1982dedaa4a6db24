import { statusLabel, statusTone } from '../status';
import styles from './Orders.module.css';

/** The order's status as a quiet badge: green delivered, red cancelled, gold while waiting. */
export function StatusBadge({ status }: { status: string }) {
  return (
    <span className={styles.badge} data-tone={statusTone(status)}>
      {statusLabel(status)}
    </span>
  );
}
