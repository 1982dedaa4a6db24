// The back office's password screens: a staff member's own new password (/admin/Updatepassword;
// the server signs their other devices out and answers this one's new token), and an admin
// giving a colleague who lost theirs a new one (/admin/resetpassword; the colleague is signed
// out everywhere). Shoppers reset their own from the shop's sign-in.
import { useState, type FormEvent } from 'react';
import { Checkbox, Field, FormAlert, SelectField, formStyles } from '../../../components/Form';
import { useChangeStaffPasswordMutation, useGetTeamQuery, useSetTeamPasswordMutation } from '../adminApi';
import type { FieldErrors } from '../types';
import { validatePasswordChange } from '../validation';
import { NewPasswordFields, SaveButton, useFormSave } from './FormSave';

/** /admin/Updatepassword: the signed-in member's own password. */
export function StaffPasswordForm() {
  const empty = { currentPassword: '', newPassword: '', confirmPassword: '' };
  const [fields, setFields] = useState(empty);
  const [shown, setShown] = useState(false);
  const [done, setDone] = useState('');
  const [change, { isLoading }] = useChangeStaffPasswordMutation();
  const save = useFormSave('Password updated successfully');
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
      <NewPasswordFields values={fields} errors={save.errors} type={type} onChange={set} />
      <Checkbox label="Show passwords" checked={shown} onChange={(event) => setShown(event.target.checked)} />
      <SaveButton busy={isLoading}>Update password</SaveButton>
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
  const save = useFormSave('New password set');
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
      <NewPasswordFields values={fields} errors={save.errors} onChange={set} />
      <SaveButton busy={isLoading}>Set new password</SaveButton>
    </form>
  );
}
