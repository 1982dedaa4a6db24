// /admin/returnorders (SPEC §2): the returns queue (features/returns), for staff and admins.
import { ReturnQueue } from '../../../features/returns/components/ReturnQueue';

export function AdminReturnsPage() {
  return <ReturnQueue />;
}
