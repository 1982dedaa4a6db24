// /admin/addcompany: the company's details (features/content/admin); admins edit, staff read.
// Admins also keep the shop's fees, COD rules and confirmation here (features/delivery/admin)
// and the courier's attempt limit for failed deliveries (features/ndr); everyone sees the
// WhatsApp and SMS templates the shop sends (features/messages/admin), and admins name the
// grievance officer (features/grievance).
import { selectAdmin } from '../../../features/account/adminSlice';
import { CompanyPage } from '../../../features/content/admin/components/CompanyPage';
import { DeliverySettings } from '../../../features/delivery/admin/DeliverySettings';
import { GrievanceOfficerSettings } from '../../../features/grievance/components/GrievanceOfficerSettings';
import { MessageTemplates } from '../../../features/messages/admin/MessageTemplates';
import { NdrSettings } from '../../../features/ndr/components/NdrSettings';
import { useAppSelector } from '../../hooks';
import styles from './AdminCompanyPage.module.css';

export function AdminCompanyPage() {
  const admin = useAppSelector(selectAdmin);
  return (
    <div className={styles.stack}>
      <CompanyPage canChange={admin?.role === 'admin'} />
      {admin?.role === 'admin' && <GrievanceOfficerSettings />}
      {admin?.role === 'admin' && <DeliverySettings />}
      {admin?.role === 'admin' && <NdrSettings />}
      <MessageTemplates />
    </div>
  );
}
