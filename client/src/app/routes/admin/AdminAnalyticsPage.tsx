// /admin/analytics: the shop's figures over a chosen range, with a CSV download (features/analytics).
import { Analytics } from '../../../features/analytics/components/Analytics';

export function AdminAnalyticsPage() {
  return <Analytics />;
}
