// /delivery-issue/{token}: the page the shopper's failed-delivery message links to
// (features/ndr); anyone with the link may answer, no sign-in needed.
import { useParams } from '../../../lib/router';
import { DeliveryIssuePage as DeliveryIssue } from '../../../features/ndr/components/DeliveryIssuePage';

export function DeliveryIssuePage() {
  const { token = '' } = useParams();
  return <DeliveryIssue key={token} token={token} />;
}
