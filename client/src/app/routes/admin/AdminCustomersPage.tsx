// /admin/users: the people with accounts (features/customers), for staff and admins.
import { CustomersList } from '../../../features/customers/components/CustomersList';

export function AdminCustomersPage() {
  return <CustomersList />;
}
