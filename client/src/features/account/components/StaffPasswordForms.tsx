// The back office's password screens: a staff member's own new password (/admin/Updatepassword;
// the server signs their other devices out and answers this one's new token), and an admin
// giving a colleague who lost theirs a new one (/admin/resetpassword; the colleague is signed
// out everywhere). Shoppers reset their own from the shop's sign-in.
import { useState, type FormEvent } from 'react';
import { useAppDispatch } from '../../../app/hooks';
import { Button } from '../../../components/Button';
import { Checkbox, Field, FormAlert, SelectField, formStyles, useInvalidFocus } from '../../../components/Form';
import { Spinner } from '../../../components/Spinner';
import { toastShown } from '../../../lib/toast';
import { useChangeStaffPasswordMutation, useGetTeamQuery, useSetTeamPasswordMutation } from '../adminApi';
import type { FieldErrors } from '../types';
import { errorMessage, fieldErrors, validatePasswordChange } from '../validation';

/** Runs a save: local problems first, then the call; the server's field messages go by the fields. */
function useFormSave() {
  const dispatch = useAppDispatch();
  const [errors, setErrors] = useState<FieldErrors>({});
  const [alert, setAlert] = useState('');
  const { form, focusInvalid } = useInvalidFocus();
  async function run(problems: FieldErrors, call: () => Promise<string>): Promise<boolean> {
    setAlert('');
    setErrors(problems);
    if (Object.keys(problems).length > 0) {
      focusInvalid();
      return false;
    }
    try {
      dispatch(toastShown({ message: await call() }));
      return true;
    } catch (error) {
      const message = errorMessage(error);
      setErrors(fieldErrors(error));
      setAlert(message);
      dispatch(toastShown({ message, type: 'error' }));
      focusInvalid();
      return false;
    }
  }
  return { errors, alert, form, run };
}

/** /admin/Updatepassword: the signed-in member's own password. */
export function StaffPasswordForm() {
  const empty = { currentPassword: '', newPassword: '', confirmPassword: '' };
  const [fields, setFields] = useState(empty);
  const [shown, setShown] = useState(false);
  const [done, setDone] = useState('');
  const [change, { isLoading }] = useChangeStaffPasswordMutation();
  const save = useFormSave();
  const type = shown ? 'text' : 'password';
  const set = (field: keyof typeof empty) => (event: { target: { value: string } }) =>
    setFields((current) => ({ ...current, [field]: event.target.value }));

  async function submit(event: FormEvent) {
    event.preventDefault();
    setDone('');
    const saved = await save.run(validatePasswordChange(fields), async () => {
      const session = await change({ currentPassword: fields.currentPassword, newPassword: fields.newPassword }).unwrap();
      return session.message || 'Password updated successfully';
    });
    if (saved) {
      setFields(empty);
      setDone('Your password is changed. Your other devices are signed out; this one stays signed in.');
    }
  }

  return (
    <form ref={save.form} className={formStyles.form} onSubmit={submit} noValidate aria-label="Update your password">
      <FormAlert>{save.alert}</FormAlert>
      <FormAlert tone="success">{done}</FormAlert>
      <Field
        label="Current password"
        name="currentPassword"
        type={type}
        autoComplete="current-password"
        value={fields.currentPassword}
        onChange={set('currentPassword')}
        error={save.errors.currentPassword}
      />
      <div className={formStyles.row}>
        <Field
          label="New password"
          name="newPassword"
          type={type}
          autoComplete="new-password"
          hint="At least 8 characters."
          value={fields.newPassword}
          onChange={set('newPassword')}
          error={save.errors.newPassword}
        />
        <Field
          label="Confirm new password"
          name="confirmPassword"
          type={type}
          autoComplete="new-password"
          value={fields.confirmPassword}
          onChange={set('confirmPassword')}
          error={save.errors.confirmPassword}
        />
      </div>
      <Checkbox label="Show passwords" checked={shown} onChange={(event) => setShown(event.target.checked)} />
      <div className={formStyles.actions}>
        <Button type="submit" disabled={isLoading} aria-busy={isLoading || undefined}>
          {isLoading && <Spinner size={16} />}
          Update password
        </Button>
      </div>
    </form>
  );
}

/** /admin/resetpassword: an admin gives a colleague's account a new password. */
export function TeamPasswordForm({ selfEmail }: { selfEmail: string }) {
  const staff = useGetTeamQuery('staff');
  const admins = useGetTeamQuery('admin');
  const team = [...(staff.data ?? []), ...(admins.data ?? [])].filter((member) => member.email !== selfEmail);
  const empty = { email: '', newPassword: '', confirmPassword: '' };
  const [fields, setFields] = useState(empty);
  const [done, setDone] = useState('');
  const [setPassword, { isLoading }] = useSetTeamPasswordMutation();
  const save = useFormSave();
  const set = (field: keyof typeof empty) => (event: { target: { value: string } }) =>
    setFields((current) => ({ ...current, [field]: event.target.value }));
  const loading = staff.isLoading || admins.isLoading;

  async function submit(event: FormEvent) {
    event.preventDefault();
    setDone('');
    const member = team.find((candidate) => candidate.email === fields.email);
    const problems: FieldErrors = {
      ...validatePasswordChange({ currentPassword: '', newPassword: fields.newPassword, confirmPassword: fields.confirmPassword }, true),
    };
    if (!member) problems.email = 'Choose a team member';
    const saved = await save.run(problems, async () => {
      await setPassword({ id: member!._id, newPassword: fields.newPassword }).unwrap();
      return `New password set for ${member!.email}`;
    });
    if (saved) {
      setDone(`${fields.email} is signed out everywhere and now signs in with the new password. Tell them in person or by phone, never by e-mail.`);
      setFields(empty);
    }
  }

  return (
    <form ref={save.form} className={formStyles.form} onSubmit={submit} noValidate aria-label="Reset a team member's password">
      <FormAlert>{save.alert}</FormAlert>
      <FormAlert tone="success">{done}</FormAlert>
      <SelectField
        label="Team member"
        name="email"
        placeholder={loading ? 'Loading...' : team.length === 0 ? 'No other team accounts yet' : 'Choose a team member'}
        options={team.map((member) => member.email)}
        value={fields.email}
        onChange={set('email')}
        error={save.errors.email}
      />
      <div className={formStyles.row}>
        <Field
          label="New password"
          name="newPassword"
          type="password"
          autoComplete="new-password"
          hint="At least 8 characters."
          value={fields.newPassword}
          onChange={set('newPassword')}
          error={save.errors.newPassword}
        />
        <Field
          label="Confirm new password"
          name="confirmPassword"
          type="password"
          autoComplete="new-password"
          value={fields.confirmPassword}
          onChange={set('confirmPassword')}
          error={save.errors.confirmPassword}
        />
      </div>
      <div className={formStyles.actions}>
        <Button type="submit" disabled={isLoading} aria-busy={isLoading || undefined}>
          {isLoading && <Spinner size={16} />}
          Set new password
        </Button>
      </div>
    </form>
  );
}
