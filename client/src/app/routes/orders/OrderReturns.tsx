// The returns part of a signed-in owner's order page: the order's return and exchange requests
// with their steps (live: the events on the shopper's topic refresh them), and, on a delivered
// order inside the policy's window, "Return or exchange", which opens the request form (at once
// when the address says ?return=1, as /user/orders links it). The form's exchange sizes come
// from the catalog, plugged in here so the two features stay apart.
import { useState } from 'react';
import { useSearchParams } from '../../../lib/router';
import { Button } from '../../../components/Button';
import { useGetProductQuery } from '../../../features/catalog/api';
import { useGetOrderReturnsQuery, useGetReturnPolicyQuery } from '../../../features/returns/api';
import { ReturnDialog, type ReturnableItem, type SizesHook } from '../../../features/returns/components/ReturnDialog';
import { ReturnRequests } from '../../../features/returns/components/ReturnRequests';
import { askedQuantities, deliveredAt, openKinds, windowCloses } from '../../../features/returns/rules';
import { toastShown } from '../../../lib/toast';
import { useAppDispatch } from '../../hooks';
import styles from './OrderPages.module.css';

/** The query parameter that opens the form on arrival. */
export const openReturnParam = 'return';

const useProductSizes: SizesHook = (productId) => {
  const { data, isLoading } = useGetProductQuery(productId, { skip: !productId });
  return { sizes: data?.sizes ?? [], loading: isLoading };
};

const day = new Intl.DateTimeFormat('en-IN', { day: 'numeric', month: 'short', year: 'numeric' });

interface OrderForReturns {
  orderId: string;
  orderStatus: string;
  /** cod: a return asks where to pay the refund. */
  paymentMode?: string;
  timeline: { status: string; at: string }[];
  items: { productId: string; productName: string; size: string; quantity: number; thumbnail: string }[];
}

export function OrderReturns({ order }: { order: OrderForReturns }) {
  const dispatch = useAppDispatch();
  const [search, setSearch] = useSearchParams();
  const delivered = deliveredAt(order.orderStatus, order.timeline);
  const { data: policy } = useGetReturnPolicyQuery(undefined, { skip: !delivered });
  const { data: requests = [], isError: failed, error, refetch } = useGetOrderReturnsQuery(order.orderId, { skip: !delivered });
  // Another shopper's order (a guest's link opened while signed in) has no requests to show.
  const isError = failed && (error as { status?: unknown } | undefined)?.status !== 404;
  const [open, setOpen] = useState(search.get(openReturnParam) === '1');
  if (!delivered) return null;

  const kinds = policy ? openKinds(policy, delivered) : [];
  const asked = askedQuantities(requests);
  const items: ReturnableItem[] = order.items.map((it, item) => ({ ...it, item, left: it.quantity - (asked.get(item) ?? 0) }));
  const anyLeft = items.some((it) => it.left > 0);
  const closes = policy ? kinds.map((k) => windowCloses(policy, delivered, k)).filter((d): d is Date => d !== null) : [];
  const lastDay = closes.length ? new Date(Math.max(...closes.map((d) => d.getTime()))) : null;

  function close() {
    setOpen(false);
    if (search.has(openReturnParam)) {
      const next = new URLSearchParams(search);
      next.delete(openReturnParam);
      setSearch(next, { replace: true });
    }
  }

  if (requests.length === 0 && (kinds.length === 0 || !anyLeft) && !isError) return null;
  return (
    <section className={styles.panel} aria-labelledby="order-returns">
      <div className={styles.returnsHead}>
        <h2 id="order-returns" className={styles.panelTitle}>
          Returns and exchanges
        </h2>
        {kinds.length > 0 && anyLeft && (
          <Button variant="secondary" onClick={() => setOpen(true)}>
            Return or exchange
          </Button>
        )}
      </div>
      {kinds.length > 0 && anyLeft && lastDay && (
        <p className={styles.returnsNote}>Not the right fit? You can ask until {day.format(lastDay)}.</p>
      )}
      {isError ? (
        <p className={styles.returnsNote}>
          Your requests could not be loaded.{' '}
          <Button variant="quiet" onClick={() => void refetch()}>
            Try again
          </Button>
        </p>
      ) : (
        requests.length > 0 && <ReturnRequests requests={requests} />
      )}
      {open && policy && kinds.length > 0 && (
        <ReturnDialog
          orderId={order.orderId}
          items={items}
          policy={policy}
          kinds={kinds}
          useSizes={useProductSizes}
          cod={order.paymentMode === 'cod'}
          onClose={close}
          onDone={(request) => {
            close();
            dispatch(toastShown({ message: `We have your request ${request.returnId}` }));
          }}
        />
      )}
    </section>
  );
}
