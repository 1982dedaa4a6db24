// /adminlogin: the back office's sign-in, outside the shop's header and footer.
import { useState, type FormEvent } from 'react';
import { useLocation, useNavigate } from '../../../lib/router';
import { Redirect } from '../../../components/Redirect';
import { Button } from '../../../components/Button';
import { Checkbox, Field, FormAlert, formStyles, useInvalidFocus } from '../../../components/Form';
import { Link } from '../../../components/Link';
import { Spinner } from '../../../components/Spinner';
import { ShieldIcon } from '../../../components/moreIcons';
import { displayName } from '../../../features/account/accountSlice';
import { useAdminLoginMutation } from '../../../features/account/adminApi';
import { adminSignedIn, selectAdminToken } from '../../../features/account/adminSlice';
import type { FieldErrors } from '../../../features/account/types';
import { errorMessage, fieldErrors, validateLogin } from '../../../features/account/validation';
import { ToastViewport } from '../../../features/ui/components/ToastViewport';
import { accountPaths } from '../../../lib/accountPaths';
import { paths } from '../../../lib/paths';
import { toastShown } from '../../../lib/toast';
import { useAppDispatch, useAppSelector } from '../../hooks';
import { safeNext } from '../../session';
import styles from './BackOffice.module.css';

/** /adminlogin: the back office's sign-in; on success the dashboard (or where the guard came from). */
export function AdminLoginPage() {
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const params = new URLSearchParams(useLocation().search);
  const token = useAppSelector(selectAdminToken);
  const [signedInBefore] = useState(Boolean(token));
  const [fields, setFields] = useState({ email: '', password: '' });
  const [shown, setShown] = useState(false);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [alert, setAlert] = useState('');
  const [login, { isLoading }] = useAdminLoginMutation();
  const { form, focusInvalid } = useInvalidFocus();
  const target = safeNext(params.get('next')) ?? accountPaths.adminDashboard;

  if (signedInBefore) return <Redirect to={target} />;

  async function submit(event: FormEvent) {
    event.preventDefault();
    setAlert('');
    const problems = validateLogin(fields);
    setErrors(problems);
    if (Object.keys(problems).length > 0) {
      focusInvalid();
      return;
    }
    try {
      const session = await login({ email: fields.email.trim(), password: fields.password }).unwrap();
      dispatch(adminSignedIn(session));
      dispatch(toastShown({ message: session.message || `Welcome ${displayName(session.user)}` }));
      navigate(target, { replace: true });
    } catch (error) {
      const message = errorMessage(error);
      setErrors(fieldErrors(error));
      setAlert(message);
      dispatch(toastShown({ message, type: 'error' }));
    }
  }

  return (
    <div className={styles.entrance}>
      <title>Back office sign in — drape</title>
      <main id="main" className={styles.entranceCard}>
        <div className={styles.entranceMark} aria-hidden="true">
          <ShieldIcon size={26} />
        </div>
        <p className={styles.eyebrow}>drape · Back office</p>
        <h1 className={styles.title}>Staff sign in</h1>
        <p className={styles.lede}>For the drape team. Shoppers sign in from the shop.</p>
        <form ref={form} className={formStyles.form} onSubmit={submit} noValidate aria-label="Back office sign in">
          <FormAlert>{alert}</FormAlert>
          <Field
            label="Email"
            type="email"
            name="email"
            autoComplete="username"
            value={fields.email}
            onChange={(event) => setFields((current) => ({ ...current, email: event.target.value }))}
            error={errors.email}
          />
          <Field
            label="Password"
            type={shown ? 'text' : 'password'}
            name="password"
            autoComplete="current-password"
            value={fields.password}
            onChange={(event) => setFields((current) => ({ ...current, password: event.target.value }))}
            error={errors.password}
          />
          <Checkbox label="Show password" checked={shown} onChange={(event) => setShown(event.target.checked)} />
          <Button type="submit" className={styles.submit} disabled={isLoading} aria-busy={isLoading || undefined}>
            {isLoading && <Spinner size={16} />}
            Sign in
          </Button>
        </form>
        <Link to={paths.home} className={styles.back}>
          ← Back to the shop
        </Link>
      </main>
      <ToastViewport />
    </div>
  );
}

