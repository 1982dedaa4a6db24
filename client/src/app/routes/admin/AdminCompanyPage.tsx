// /admin/addcompany: the company's details (features/content/admin); admins edit, staff read.
import { selectAdmin } from '../../../features/account/adminSlice';
import { CompanyPage } from '../../../features/content/admin/components/CompanyPage';
import { useAppSelector } from '../../hooks';

export function AdminCompanyPage() {
  const admin = useAppSelector(selectAdmin);
  return <CompanyPage canChange={admin?.role === 'admin'} />;
}
