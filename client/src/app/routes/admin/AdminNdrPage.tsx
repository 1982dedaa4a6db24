// /admin/ndr: the failed deliveries queue (features/ndr), for staff and admins.
import { NdrQueue } from '../../../features/ndr/components/NdrQueue';

export function AdminNdrPage() {
  return <NdrQueue />;
}
