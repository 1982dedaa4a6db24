// /admin/analytics: the shop's figures over a chosen range, with a CSV download, for admins
// the GSTR-1 export (features/analytics), and the return rates by product, size and reason over
// the same range (features/returns).
import { useSearchParams } from '../../../lib/router';
import { selectAdmin } from '../../../features/account/adminSlice';
import { Analytics } from '../../../features/analytics/components/Analytics';
import { readRange } from '../../../features/analytics/range';
import { ReturnRatesCard } from '../../../features/returns/components/ReturnRatesCard';
import { useAppSelector } from '../../hooks';

export function AdminAnalyticsPage() {
  const admin = useAppSelector(selectAdmin);
  const [search] = useSearchParams();
  const range = readRange(search);
  return (
    <Analytics gstReturns={admin?.role === 'admin'}>
      <ReturnRatesCard startDate={range.from} endDate={range.to} />
    </Analytics>
  );
}
