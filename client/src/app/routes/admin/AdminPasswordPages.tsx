// The back office's password screens (SPEC §2 names them): /admin/Updatepassword, every
// member's own password; /admin/resetpassword, an admin's new password for a colleague
// (features/account). Staff opening the second are told it is for admins.
import { StateMessage } from '../../../components/StateMessage';
import { selectAdmin } from '../../../features/account/adminSlice';
import { StaffPasswordForm, TeamPasswordForm } from '../../../features/account/components/StaffPasswordForms';
import { useAppSelector } from '../../hooks';
import styles from './BackOffice.module.css';

export function AdminUpdatePasswordPage() {
  return (
    <div className={styles.formPage}>
      <title>Update password — drape back office</title>
      <p className={styles.eyebrow}>Your account</p>
      <h1 className={styles.title}>Update password</h1>
      <p className={styles.lede}>Your other devices are signed out when it changes; this one stays signed in.</p>
      <StaffPasswordForm />
    </div>
  );
}

export function AdminResetPasswordPage() {
  const admin = useAppSelector(selectAdmin);
  if (admin && admin.role !== 'admin') {
    return <StateMessage headingLevel={1} title="For admins only" detail="Ask an admin to set a new password for a colleague." />;
  }
  return (
    <div className={styles.formPage}>
      <title>Reset a team password — drape back office</title>
      <p className={styles.eyebrow}>Team accounts</p>
      <h1 className={styles.title}>Reset a team password</h1>
      <p className={styles.lede}>
        For a colleague who lost theirs: they are signed out everywhere and sign in with the password you set. Shoppers reset their own from the
        shop’s sign in.
      </p>
      <TeamPasswordForm selfEmail={admin?.email ?? ''} />
    </div>
  );
}
