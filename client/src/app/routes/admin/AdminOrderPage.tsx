// /admin/orders/{id}: one order for staff (features/orders/admin), linked from every order
// board, with the order's returns panel (features/returns) below it. Only admins are offered
// refunds of whole orders and the Reveal of a COD return's payout details (the server answers
// staff 403).
import { useParams } from '../../../lib/router';
import { selectAdmin } from '../../../features/account/adminSlice';
import { StaffDeliveryIssue } from '../../../features/ndr/components/DeliveryIssueNotice';
import { OrderDetail } from '../../../features/orders/admin/components/OrderDetail';
import { StaffOrderReturns } from '../../../features/returns/components/StaffOrderReturns';
import { useAppSelector } from '../../hooks';

export function AdminOrderPage() {
  const { id = '' } = useParams();
  const admin = useAppSelector(selectAdmin);
  return (
    <>
      <StaffDeliveryIssue key={`ndr-${id}`} orderId={id} />
      <OrderDetail key={id} id={id} refunds={admin?.role === 'admin'} />
      <StaffOrderReturns key={`returns-${id}`} orderId={id} canReveal={admin?.role === 'admin'} />
    </>
  );
}
