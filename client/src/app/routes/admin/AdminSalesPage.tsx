// /admin/sale: sales (features/sale/admin), for admins; staff are told it is not theirs (the
// server answers them 403 too).
import { StateMessage } from '../../../components/StateMessage';
import { selectAdmin } from '../../../features/account/adminSlice';
import { SalesPage } from '../../../features/sale/admin/components/SalesPage';
import { useAppSelector } from '../../hooks';

export function AdminSalesPage() {
  const admin = useAppSelector(selectAdmin);
  if (admin && admin.role !== 'admin') {
    return <StateMessage headingLevel={1} title="For admins only" detail="Sales change what every shopper pays; ask an admin." />;
  }
  return <SalesPage />;
}
