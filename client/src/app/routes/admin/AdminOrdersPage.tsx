// /admin/orders and its narrower views (/admin/delieveredorders, /admin/cancelorders, SPEC §2;
// /admin/returnorders is the returns queue, AdminReturnsPage.tsx): the order board (features/orders/admin). Staff move orders and
// push them to Shiprocket again; only admins are offered refunds (the server answers staff 403).
import { selectAdmin } from '../../../features/account/adminSlice';
import { OrdersBoard, allOrders } from '../../../features/orders/admin/components/OrdersBoard';
import type { OrderBoardView } from '../../../features/orders/admin/types';
import { useAppSelector } from '../../hooks';

/** The board's views by route. */
const orderViews = {
  orders: allOrders,
  delieveredorders: {
    title: 'Delivered orders',
    lede: 'Orders in the customer’s hands, newest first, with their items and billing address.',
    statuses: ['DELIVERED'],
  },
  cancelorders: {
    title: 'Cancelled orders',
    lede: 'Orders cancelled by the customer, the shop or the payment’s timeout; stock went back once.',
    statuses: ['CANCELED'],
  },
  shiprocketOrders: {
    title: 'Shiprocket',
    lede: 'Where each order is with Shiprocket: pushed with its ids, waiting to be pushed, or not added after every try — push those again.',
    shiprocket: true,
  },
} satisfies Record<string, OrderBoardView>;

function Board({ view }: { view: keyof typeof orderViews }) {
  const admin = useAppSelector(selectAdmin);
  return <OrdersBoard key={view} refunds={admin?.role === 'admin'} view={orderViews[view]} />;
}

export function AdminOrdersPage() {
  return <Board view="orders" />;
}

export function AdminDeliveredOrdersPage() {
  return <Board view="delieveredorders" />;
}

export function AdminCancelledOrdersPage() {
  return <Board view="cancelorders" />;
}

export function AdminShiprocketOrdersPage() {
  return <Board view="shiprocketOrders" />;
}
