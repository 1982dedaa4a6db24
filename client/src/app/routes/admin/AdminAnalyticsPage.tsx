// /admin/analytics: the shop's figures over a chosen range, with a CSV download, and for admins
// the GSTR-1 export (features/analytics).
import { selectAdmin } from '../../../features/account/adminSlice';
import { Analytics } from '../../../features/analytics/components/Analytics';
import { useAppSelector } from '../../hooks';

export function AdminAnalyticsPage() {
  const admin = useAppSelector(selectAdmin);
  return <Analytics gstReturns={admin?.role === 'admin'} />;
}
