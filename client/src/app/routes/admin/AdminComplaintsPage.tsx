// /admin/complaints: the complaints queue (features/grievance), for staff and admins.
import { ComplaintQueue } from '../../../features/grievance/components/ComplaintQueue';

export function AdminComplaintsPage() {
  return <ComplaintQueue />;
}
