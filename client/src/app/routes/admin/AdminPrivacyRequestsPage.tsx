// /admin/privacy-requests: shoppers' privacy requests (features/privacy), for staff.
import { PrivacyRequests } from '../../../features/privacy/admin/PrivacyRequests';

export function AdminPrivacyRequestsPage() {
  return <PrivacyRequests />;
}
