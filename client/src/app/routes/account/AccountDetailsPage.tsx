import { useState } from 'react';
import { Button } from '../../../components/Button';
import { Dialog } from '../../../components/Dialog';
import { Loader } from '../../../components/Loader';
import { selectToken, selectUser } from '../../../features/account/accountSlice';
import { useGetProfileQuery, useLogoutEverywhereMutation } from '../../../features/account/api';
import { EmailForm, OrderUpdatesForm, PasswordForm, ProfileForm } from '../../../features/account/components/AccountForms';
import { errorMessage } from '../../../features/account/validation';
import { PrivacyPanel } from '../../../features/privacy/components/PrivacyPanel';
import { toastShown } from '../../../lib/toast';
import { useAppDispatch, useAppSelector } from '../../hooks';
import { useSession } from '../../session';
import { PageHeader } from './PageHeader';
import pageStyles from './AccountPage.module.css';
import styles from './AccountDetailsPage.module.css';

/** /user/accountdetails: name and phone, e-mail, order updates, password, and signing out on every device. */
export function AccountDetailsPage() {
  const dispatch = useAppDispatch();
  const stored = useAppSelector(selectUser);
  const token = useAppSelector(selectToken);
  const { data: profile } = useGetProfileQuery();
  const user = profile ?? stored;
  const { signOut } = useSession();
  const [logoutEverywhere, { isLoading }] = useLogoutEverywhereMutation();
  const [confirming, setConfirming] = useState(false);

  async function signOutEverywhere() {
    try {
      signOut((await logoutEverywhere().unwrap()) || 'Signed out on every device', true);
    } catch (error) {
      dispatch(toastShown({ message: errorMessage(error), type: 'error' }));
    }
  }

  return (
    <>
      <title>Account details — drape</title>
      <PageHeader eyebrow="Account details" title="Account details">
        Keep your name, phone, e-mail and password up to date.
      </PageHeader>
      {!user ? (
        <Loader />
      ) : (
        <div className={pageStyles.stack}>
          <ProfileForm key={`profile-${user._id}`} user={user} />
          <EmailForm key={`email-${user.email}`} user={user} />
          <OrderUpdatesForm />
          <PasswordForm user={user} />
          <PrivacyPanel token={token} onErasureAsked={(message) => signOut(message, true)} />
          <section className={styles.everywhere} aria-labelledby="everywhere-title">
            <div>
              <h2 id="everywhere-title" className={styles.title}>
                Sign out everywhere
              </h2>
              <p className={styles.lede}>Lost a phone or used a shared computer? End every session, this one too.</p>
            </div>
            <Button variant="secondary" onClick={() => setConfirming(true)}>
              Sign out everywhere
            </Button>
          </section>
        </div>
      )}
      {confirming && (
        <Dialog labelledBy="everywhere-confirm" onClose={() => setConfirming(false)} className={styles.confirm} closeLabel="Cancel">
          <div className={styles.confirmBody}>
            <h2 id="everywhere-confirm" className={styles.confirmTitle}>
              Sign out on every device?
            </h2>
            <p className={styles.lede}>You will need to sign in again here and on your other devices.</p>
            <div className={styles.actions}>
              <Button onClick={() => void signOutEverywhere()} disabled={isLoading}>
                Sign out everywhere
              </Button>
              <Button variant="secondary" onClick={() => setConfirming(false)}>
                Cancel
              </Button>
            </div>
          </div>
        </Dialog>
      )}
    </>
  );
}
