// /admin/termsandconditions and /admin/returnpolicy: the shop's pages (features/content/admin);
// admins edit, staff read.
import { selectAdmin } from '../../../features/account/adminSlice';
import { ContentEditor } from '../../../features/content/admin/components/ContentEditor';
import { useAppSelector } from '../../hooks';

function Editor({ page }: { page: 'termsandconditions' | 'returnpolicy' | 'privacynotice' }) {
  const admin = useAppSelector(selectAdmin);
  return <ContentEditor key={page} page={page} canChange={admin?.role === 'admin'} />;
}

export function AdminTermsPage() {
  return <Editor page="termsandconditions" />;
}

export function AdminReturnPolicyPage() {
  return <Editor page="returnpolicy" />;
}

export function AdminPrivacyNoticePage() {
  return <Editor page="privacynotice" />;
}
