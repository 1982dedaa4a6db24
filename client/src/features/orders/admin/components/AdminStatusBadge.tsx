// An order's status on the board and on its back-office page: the order badge
// (../../components/Orders.module.css), a little smaller, in the colours of SPEC §4.
import orderStyles from '../../components/Orders.module.css';
import { adminStatusLabel, adminStatusTone } from '../rows';
import styles from './OrdersBoard.module.css';

/** AdminStatusBadge is `status` in words ("N/A" when there is none): green delivered, red cancelled, yellow otherwise. */
export function AdminStatusBadge({ status }: { status: string }) {
  return (
    <span className={`${orderStyles.badge} ${styles.badge}`} data-tone={adminStatusTone(status)} data-testid="order-status">
      {adminStatusLabel(status)}
    </span>
  );
}
