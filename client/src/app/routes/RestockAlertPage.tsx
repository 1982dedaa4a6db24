// /restock-alerts/{token}: the stop link of a back-in-stock mail (features/backinstock); anyone
// with the link may use it, no sign-in needed.
import { useParams } from '../../lib/router';
import { StopAlertsPage } from '../../features/backinstock/components/StopAlertsPage';

export function RestockAlertPage() {
  const { token = '' } = useParams();
  return <StopAlertsPage key={token} token={token} />;
}
