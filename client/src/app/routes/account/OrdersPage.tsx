// /user/orders: the shopper's orders, newest first, ten to a page, filtered by status (page and
// status live in the address, so the cache keeps each page apart and Back works). Each order is a
// card with its pieces, payment and total; Track opens its timeline; Return or exchange opens the
// order page's return form while the policy's window is open; Cancel asks first.
import { useState } from 'react';
import { useSearchParams } from '../../../lib/router';
import { Button, ButtonLink } from '../../../components/Button';
import { Dialog } from '../../../components/Dialog';
import { Link } from '../../../components/Link';
import { Pagination } from '../../../components/Pagination';
import { StateMessage } from '../../../components/StateMessage';
import { useCancelOrderMutation, useGetOrdersQuery } from '../../../features/orders/api';
import { useGetReturnPolicyQuery } from '../../../features/returns/api';
import { deliveredAt, openKinds } from '../../../features/returns/rules';
import { OrderCard, OrderCardSkeleton } from '../../../features/orders/components/OrderCard';
import { statusFilters } from '../../../features/orders/status';
import type { Order } from '../../../features/orders/types';
import type { ReturnPolicy } from '../../../features/returns/types';
import { accountPaths } from '../../../lib/accountPaths';
import { formatRupees } from '../../../lib/money';
import { trackOrderPath } from '../../../lib/orderPaths';
import { paths } from '../../../lib/paths';
import { toastShown } from '../../../lib/toast';
import { useAppDispatch } from '../../hooks';
import { PageHeader } from './PageHeader';
import styles from './OrdersPage.module.css';

/** /user/orders?status=…&page=… (page 1 and every status left out). */
export function ordersHref(status: string, page = 1): string {
  const params = new URLSearchParams();
  if (status) params.set('status', status);
  if (page > 1) params.set('page', String(page));
  const query = params.toString();
  return query ? `${accountPaths.userOrders}?${query}` : accountPaths.userOrders;
}

/** The order page with its return form open, while the order's return or exchange window is. */
function returnHref(order: Order, policy: ReturnPolicy | undefined): string | undefined {
  if (!policy || openKinds(policy, deliveredAt(order.orderStatus, order.timeline)).length === 0) return undefined;
  return `${trackOrderPath(order.orderId)}?return=1`;
}

export function OrdersPage() {
  const dispatch = useAppDispatch();
  const [params] = useSearchParams();
  const page = Math.max(1, Math.floor(Number(params.get('page'))) || 1);
  const status = params.get('status') ?? '';
  const { data, isLoading, isFetching, isError, error, refetch } = useGetOrdersQuery({ page, status });
  const [cancelOrder, { isLoading: cancelling }] = useCancelOrderMutation();
  const [confirming, setConfirming] = useState<Order | null>(null);
  const { data: returnPolicy } = useGetReturnPolicyQuery();
  const filterLabel = statusFilters.find((filter) => filter.value === status)?.label;

  async function confirmCancel() {
    if (!confirming) return;
    try {
      await cancelOrder(confirming.orderId).unwrap();
      dispatch(toastShown({ message: `Order ${confirming.orderId} cancelled` }));
      setConfirming(null);
    } catch (failure) {
      const message = (failure as { message?: string } | null)?.message;
      dispatch(toastShown({ message: message || 'The order could not be cancelled.', type: 'error' }));
      setConfirming(null);
    }
  }

  const orders = data?.items ?? [];
  return (
    <>
      <title>Orders — drape</title>
      <PageHeader eyebrow="Orders" title="Your orders">
        Every order you place, newest first, with its delivery status.
      </PageHeader>

      <nav aria-label="Filter orders by status" className={styles.filters}>
        <ul>
          {statusFilters.map((filter) => (
            <li key={filter.value || 'all'}>
              <Link
                to={ordersHref(filter.value)}
                className={styles.filter}
                aria-current={filter.value === status ? 'page' : undefined}
              >
                {filter.label}
              </Link>
            </li>
          ))}
        </ul>
      </nav>

      {isLoading ? (
        <div className={styles.list} role="status" aria-label="Loading your orders">
          <OrderCardSkeleton />
          <OrderCardSkeleton />
        </div>
      ) : isError || !data ? (
        <StateMessage
          tone="error"
          title="Your orders could not be loaded"
          detail={(error as { message?: string } | undefined)?.message || 'Please check your connection and try again.'}
        >
          <Button variant="secondary" onClick={() => void refetch()}>
            Try again
          </Button>
        </StateMessage>
      ) : orders.length === 0 ? (
        status ? (
          <StateMessage title={`No orders to show under ${filterLabel ?? status}`} detail="Orders in other states are under All orders.">
            <ButtonLink variant="secondary" to={ordersHref('')}>
              Show all orders
            </ButtonLink>
          </StateMessage>
        ) : (
          <StateMessage title="No orders yet" detail="When you place an order it appears here, with its delivery status and tracking.">
            <ButtonLink to={paths.shop}>Shop now</ButtonLink>
          </StateMessage>
        )
      ) : (
        <>
          <div className={styles.list} aria-busy={isFetching || undefined}>
            {orders.map((order) => (
              <OrderCard
                key={order._id || order.orderId}
                order={order}
                onCancel={setConfirming}
                cancelling={cancelling}
                returnHref={returnHref(order, returnPolicy)}
              />
            ))}
          </div>
          <Pagination page={data.page} totalPages={data.totalPages} hrefFor={(target) => ordersHref(status, target)} label="Order pages" />
        </>
      )}

      {confirming && (
        <Dialog labelledBy="cancel-order-title" onClose={() => setConfirming(null)} className={styles.confirm} closeLabel="Keep order">
          <div className={styles.confirmBody}>
            <h2 id="cancel-order-title" className={styles.confirmTitle}>
              Cancel this order?
            </h2>
            <p className={styles.confirmLine}>
              Order {confirming.orderId}, {formatRupees(confirming.totalAmount)}.
              {confirming.paymentStatus === 'success'
                ? ' Your payment will be refunded to the way you paid.'
                : ' Nothing has been charged.'}
            </p>
            <div className={styles.confirmActions}>
              <Button onClick={() => void confirmCancel()} disabled={cancelling} aria-busy={cancelling || undefined}>
                Cancel order
              </Button>
              <Button variant="secondary" onClick={() => setConfirming(null)}>
                Keep order
              </Button>
            </div>
          </div>
        </Dialog>
      )}
    </>
  );
}
