// /admin/addcompany: the company's details (features/content/admin); admins edit, staff read.
// Admins also keep the shop's fees and COD rules here (features/delivery/admin).
import { selectAdmin } from '../../../features/account/adminSlice';
import { CompanyPage } from '../../../features/content/admin/components/CompanyPage';
import { DeliverySettings } from '../../../features/delivery/admin/DeliverySettings';
import { useAppSelector } from '../../hooks';

export function AdminCompanyPage() {
  const admin = useAppSelector(selectAdmin);
  return (
    <>
      <CompanyPage canChange={admin?.role === 'admin'} />
      {admin?.role === 'admin' && <DeliverySettings />}
    </>
  );
}
