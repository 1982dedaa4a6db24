// The returns panel of the back office's order page: the order's return and exchange requests
// (features/returns) with their courier pickup, a failed booking's reason, and their steps;
// live, as the events on the admin board refresh them. Nothing shows for an order without any.
import { useGetAdminOrderReturnsQuery } from '../../../features/returns/api';
import { ReturnRequests } from '../../../features/returns/components/ReturnRequests';
import styles from './BackOffice.module.css';

export function AdminOrderReturns({ id }: { id: string }) {
  const { data: requests = [] } = useGetAdminOrderReturnsQuery(id, { skip: !id });
  if (requests.length === 0) return null;
  return (
    <section aria-labelledby="admin-order-returns">
      <h2 id="admin-order-returns" className={styles.cardTitle}>
        Returns and exchanges
      </h2>
      <ReturnRequests requests={requests} staff />
    </section>
  );
}
