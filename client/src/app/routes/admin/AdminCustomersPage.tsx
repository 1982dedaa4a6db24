// /admin/users: the people with accounts (features/customers), for staff and admins; admins also
// change a person's cash-on-delivery rule.
import { selectAdmin } from '../../../features/account/adminSlice';
import { CustomersList } from '../../../features/customers/components/CustomersList';
import { useAppSelector } from '../../hooks';

export function AdminCustomersPage() {
  const admin = useAppSelector(selectAdmin);
  return <CustomersList canChange={admin?.role === 'admin'} />;
}
