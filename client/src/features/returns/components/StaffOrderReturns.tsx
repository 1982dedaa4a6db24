// The back office order page's returns panel: the order's return and exchange requests with
// their steps and refunds, and staff's buttons for each (StaffReturnActions). Live: a
// return.updated event refreshes the order's answers, these among them.
import { StateMessage } from '../../../components/StateMessage';
import { useGetStaffOrderReturnsQuery } from '../api';
import { ReturnRequests } from './ReturnRequests';
import { StaffReturnActions } from './StaffReturnActions';
import styles from './Returns.module.css';

/** The panel; canReveal offers an admin the Reveal of a COD refund's payout details. */
export function StaffOrderReturns({ orderId, canReveal = false }: { orderId: string; canReveal?: boolean }) {
  const { data: requests = [], isError } = useGetStaffOrderReturnsQuery(orderId, { skip: !orderId });
  if (!isError && requests.length === 0) return null;
  return (
    <section className={styles.staffPanel} aria-labelledby="staff-order-returns">
      <h2 id="staff-order-returns" className={styles.staffPanelTitle}>
        Returns and exchanges
      </h2>
      {isError ? (
        <StateMessage tone="error" title="The order's returns could not be loaded" />
      ) : (
        <ReturnRequests requests={requests} staff actions={(request) => <StaffReturnActions request={request} canReveal={canReveal} />} />
      )}
    </section>
  );
}
