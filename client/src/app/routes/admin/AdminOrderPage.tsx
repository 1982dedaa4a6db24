// /admin/orders/{id}: one order for staff (features/orders/admin), linked from every order
// board. Only admins are offered refunds (the server answers staff 403).
import { useParams } from 'react-router';
import { selectAdmin } from '../../../features/account/adminSlice';
import { OrderDetail } from '../../../features/orders/admin/components/OrderDetail';
import { useAppSelector } from '../../hooks';

export function AdminOrderPage() {
  const { id = '' } = useParams();
  const admin = useAppSelector(selectAdmin);
  return <OrderDetail key={id} id={id} refunds={admin?.role === 'admin'} />;
}
