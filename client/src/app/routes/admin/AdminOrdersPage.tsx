// /admin/orders: the order board (features/orders/admin). Staff move orders and push them to
// Shiprocket again; only admins are offered refunds (the server answers staff 403).
import { selectAdmin } from '../../../features/account/adminSlice';
import { OrdersBoard } from '../../../features/orders/admin/components/OrdersBoard';
import { useAppSelector } from '../../hooks';

export function AdminOrdersPage() {
  const admin = useAppSelector(selectAdmin);
  return <OrdersBoard refunds={admin?.role === 'admin'} />;
}
