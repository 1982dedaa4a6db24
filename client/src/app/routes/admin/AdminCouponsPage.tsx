// /admin/coupons: coupons (features/coupons), for admins; staff are told it is not theirs (the
// server answers them 403 too).
import { StateMessage } from '../../../components/StateMessage';
import { selectAdmin } from '../../../features/account/adminSlice';
import { CouponsPage } from '../../../features/coupons/components/CouponsPage';
import { useAppSelector } from '../../hooks';

export function AdminCouponsPage() {
  const admin = useAppSelector(selectAdmin);
  if (admin && admin.role !== 'admin') {
    return <StateMessage headingLevel={1} title="For admins only" detail="Coupons change what shoppers pay; ask an admin." />;
  }
  return <CouponsPage />;
}
