// /admin/dashboard: the shop's figures (features/analytics), live.
import { displayName } from '../../../features/account/accountSlice';
import { selectAdmin } from '../../../features/account/adminSlice';
import { Dashboard } from '../../../features/analytics/components/Dashboard';
import { ComplaintsCard } from '../../../features/grievance/components/ComplaintsCard';
import { useAppSelector } from '../../hooks';

export function AdminDashboardPage() {
  const admin = useAppSelector(selectAdmin);
  return (
    <Dashboard name={displayName(admin ?? null)}>
      <ComplaintsCard />
    </Dashboard>
  );
}
