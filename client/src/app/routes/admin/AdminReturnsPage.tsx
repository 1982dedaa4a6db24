// /admin/returnorders (SPEC §2): the returns queue (features/returns), for staff and admins;
// only admins are offered the Reveal of a COD return's payout details (the server answers staff 403).
import { selectAdmin } from '../../../features/account/adminSlice';
import { ReturnQueue } from '../../../features/returns/components/ReturnQueue';
import { useAppSelector } from '../../hooks';

export function AdminReturnsPage() {
  const admin = useAppSelector(selectAdmin);
  return <ReturnQueue canReveal={admin?.role === 'admin'} />;
}
