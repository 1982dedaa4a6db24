// /admin/audit: the audit log (features/audit), for admins; staff are told it is not theirs
// (the server answers them 403 too).
import { StateMessage } from '../../../components/StateMessage';
import { selectAdmin } from '../../../features/account/adminSlice';
import { AuditLog } from '../../../features/audit/components/AuditLog';
import { useAppSelector } from '../../hooks';

export function AdminAuditPage() {
  const admin = useAppSelector(selectAdmin);
  if (admin && admin.role !== 'admin') {
    return <StateMessage headingLevel={1} title="For admins only" detail="The audit log shows every change the team makes; ask an admin." />;
  }
  return <AuditLog />;
}
