// /registeradmin: an admin creates a staff or admin account, inside the back office's frame.
import { useId, useState, type FormEvent } from 'react';
import { Button, ButtonLink } from '../../../components/Button';
import { FormAlert, Field, formStyles, useInvalidFocus } from '../../../components/Form';
import { Spinner } from '../../../components/Spinner';
import { useRegisterStaffMutation } from '../../../features/account/adminApi';
import { selectAdmin } from '../../../features/account/adminSlice';
import { RequireAdmin } from '../../../features/account/components/RouteGuards';
import type { FieldErrors, StaffRole } from '../../../features/account/types';
import { errorMessage, fieldErrors, validateRegister } from '../../../features/account/validation';
import { accountPaths } from '../../../lib/accountPaths';
import { toastShown } from '../../../lib/toast';
import { useAppDispatch, useAppSelector } from '../../hooks';
import { AdminShell } from './AdminShell';
import styles from './BackOffice.module.css';

/** /registeradmin: an admin creates a staff or admin account (POST /api/admin/register). */
export function RegisterAdminPage() {
  return (
    <RequireAdmin>
      <AdminShell>
        <StaffForm />
      </AdminShell>
    </RequireAdmin>
  );
}

const roles: { value: StaffRole; label: string; detail: string }[] = [
  { value: 'staff', label: 'Staff', detail: 'Works in the back office.' },
  { value: 'admin', label: 'Admin', detail: 'Also manages team accounts.' },
];

function StaffForm() {
  const dispatch = useAppDispatch();
  const admin = useAppSelector(selectAdmin);
  const empty = { name: '', email: '', password: '', confirmPassword: '' };
  const [fields, setFields] = useState(empty);
  const [role, setRole] = useState<StaffRole>('staff');
  const [errors, setErrors] = useState<FieldErrors>({});
  const [alert, setAlert] = useState('');
  const [created, setCreated] = useState('');
  const [register, { isLoading }] = useRegisterStaffMutation();
  const { form, focusInvalid } = useInvalidFocus();
  const roleId = useId();
  const set = (field: keyof typeof empty) => (event: { target: { value: string } }) =>
    setFields((current) => ({ ...current, [field]: event.target.value }));
  const notAdmin = admin !== null && admin.role !== 'admin';

  async function submit(event: FormEvent) {
    event.preventDefault();
    setAlert('');
    setCreated('');
    const problems = validateRegister(fields);
    setErrors(problems);
    if (Object.keys(problems).length > 0) {
      focusInvalid();
      return;
    }
    try {
      const user = await register({ firstName: fields.name.trim(), email: fields.email.trim(), password: fields.password, role }).unwrap();
      dispatch(toastShown({ message: 'Account created' }));
      setCreated(`${user.email} can now sign in to the back office as ${user.role}.`);
      setFields(empty);
    } catch (error) {
      const message = errorMessage(error);
      const server = fieldErrors(error);
      setErrors({ name: server.firstName, email: server.email, password: server.password });
      setAlert(message);
      dispatch(toastShown({ message, type: 'error' }));
    }
  }

  return (
    <div className={styles.formPage}>
      <title>Create a team account — drape</title>
      <p className={styles.eyebrow}>Team accounts</p>
      <h1 className={styles.title}>Create a team account</h1>
      <p className={styles.lede}>The new colleague signs in at {accountPaths.adminLogin} with this e-mail and password.</p>
      {notAdmin && <FormAlert tone="info">Only an admin can create accounts. Ask an admin to add your colleague.</FormAlert>}
      <form ref={form} className={formStyles.form} onSubmit={submit} noValidate aria-label="Create a team account">
        <FormAlert>{alert}</FormAlert>
        <FormAlert tone="success">{created}</FormAlert>
        <Field label="Full name" name="name" autoComplete="off" value={fields.name} onChange={set('name')} error={errors.name} />
        <Field label="Email" name="email" type="email" autoComplete="off" value={fields.email} onChange={set('email')} error={errors.email} />
        <div className={formStyles.row}>
          <Field
            label="Password"
            name="password"
            type="password"
            autoComplete="new-password"
            hint="At least 8 characters."
            value={fields.password}
            onChange={set('password')}
            error={errors.password}
          />
          <Field
            label="Confirm password"
            name="confirmPassword"
            type="password"
            autoComplete="new-password"
            value={fields.confirmPassword}
            onChange={set('confirmPassword')}
            error={errors.confirmPassword}
          />
        </div>
        <fieldset className={formStyles.choices} aria-labelledby={roleId}>
          <legend id={roleId} className={formStyles.legend}>
            Role
          </legend>
          {roles.map((option) => (
            <label key={option.value} className={`${formStyles.option} ${styles.roleOption}`}>
              <input type="radio" name="role" value={option.value} checked={role === option.value} onChange={() => setRole(option.value)} />
              <span>
                <strong>{option.label}</strong>
                {option.detail}
              </span>
            </label>
          ))}
        </fieldset>
        <div className={formStyles.actions}>
          <Button type="submit" disabled={isLoading || notAdmin} aria-busy={isLoading || undefined}>
            {isLoading && <Spinner size={16} />}
            Create account
          </Button>
          <ButtonLink to={accountPaths.adminDashboard} variant="secondary">
            Back to the dashboard
          </ButtonLink>
        </div>
      </form>
    </div>
  );
}

