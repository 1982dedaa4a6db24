// The forms of /user/accountdetails: name and phone, a new e-mail (with the password), and a new
// password (the server answers a fresh token for this device and signs the others out).
import { useState, type FormEvent, type ReactNode } from 'react';
import { Checkbox, Field, FormAlert, formStyles } from '../../../components/Form';
import { useChangeEmailMutation, useChangePasswordMutation, useUpdateProfileMutation } from '../api';
import type { FieldErrors, User } from '../types';
import { isEmail, messages, phoneDigits, validatePasswordChange } from '../validation';
import styles from './AccountForms.module.css';
import { NewPasswordFields, SaveButton, useFormSave } from './FormSave';

type Errors = FieldErrors;

function Section({ id, title, lede, children }: { id: string; title: string; lede?: ReactNode; children: ReactNode }) {
  return (
    <section aria-labelledby={id} className={styles.section}>
      <div className={styles.intro}>
        <h2 id={id} className={styles.title}>
          {title}
        </h2>
        {lede && <p className={styles.lede}>{lede}</p>}
      </div>
      {children}
    </section>
  );
}

export function ProfileForm({ user }: { user: User }) {
  const [fields, setFields] = useState({ firstName: user.firstName, lastName: user.lastName, phone: user.phone });
  const [update, { isLoading }] = useUpdateProfileMutation();
  const save = useFormSave('Account details updated');

  function submit(event: FormEvent) {
    event.preventDefault();
    const problems: Errors = {};
    if (!fields.firstName.trim()) problems.firstName = 'First name is required';
    if (fields.phone && fields.phone.length !== 10) problems.phone = messages.phoneDigits;
    void save.run(problems, async () => {
      await update({ firstName: fields.firstName.trim(), lastName: fields.lastName.trim(), phone: fields.phone }).unwrap();
      return 'Account details updated';
    });
  }

  return (
    <Section id="profile-title" title="Your details" lede="The name we greet you by, and a number for delivery updates.">
      <form ref={save.form} className={formStyles.form} onSubmit={submit} noValidate aria-labelledby="profile-title">
        <FormAlert>{save.alert}</FormAlert>
        <div className={formStyles.row}>
          <Field
            label="First name"
            name="firstName"
            autoComplete="given-name"
            value={fields.firstName}
            onChange={(event) => setFields((current) => ({ ...current, firstName: event.target.value }))}
            error={save.errors.firstName}
          />
          <Field
            label="Last name"
            name="lastName"
            autoComplete="family-name"
            optional
            value={fields.lastName}
            onChange={(event) => setFields((current) => ({ ...current, lastName: event.target.value }))}
            error={save.errors.lastName}
          />
        </div>
        <Field
          label="Phone"
          name="phone"
          type="tel"
          prefix="+91"
          inputMode="numeric"
          autoComplete="tel-national"
          optional
          value={fields.phone}
          onChange={(event) => setFields((current) => ({ ...current, phone: phoneDigits(event.target.value) }))}
          error={save.errors.phone}
        />
        <SaveButton busy={isLoading}>Save changes</SaveButton>
      </form>
    </Section>
  );
}

export function EmailForm({ user }: { user: User }) {
  const [fields, setFields] = useState({ email: '', password: '' });
  const [change, { isLoading }] = useChangeEmailMutation();
  const save = useFormSave('Email updated');
  const google = Boolean(user.federatedId);

  async function submit(event: FormEvent) {
    event.preventDefault();
    const problems: Errors = {};
    if (!fields.email.trim()) problems.email = messages.emailRequired;
    else if (!isEmail(fields.email)) problems.email = messages.emailInvalid;
    else if (fields.email.trim().toLowerCase() === user.email.toLowerCase()) problems.email = 'This is already your email';
    if (!fields.password) problems.password = messages.passwordRequired;
    const done = await save.run(problems, async () => {
      await change({ email: fields.email.trim(), password: fields.password }).unwrap();
      return 'Email updated';
    });
    if (done) setFields({ email: '', password: '' });
  }

  return (
    <Section
      id="email-title"
      title="Email"
      lede={
        <>
          You sign in with <strong>{user.email}</strong>.
          {google && ' Signed up with Google? Set a password below first.'}
        </>
      }
    >
      <form ref={save.form} className={formStyles.form} onSubmit={submit} noValidate aria-labelledby="email-title">
        <FormAlert>{save.alert}</FormAlert>
        <div className={formStyles.row}>
          <Field
            label="New email"
            name="email"
            type="email"
            autoComplete="email"
            value={fields.email}
            onChange={(event) => setFields((current) => ({ ...current, email: event.target.value }))}
            error={save.errors.email}
          />
          <Field
            label="Current password"
            name="password"
            type="password"
            autoComplete="current-password"
            value={fields.password}
            onChange={(event) => setFields((current) => ({ ...current, password: event.target.value }))}
            error={save.errors.password}
          />
        </div>
        <SaveButton busy={isLoading}>Change email</SaveButton>
      </form>
    </Section>
  );
}

export function PasswordForm({ user }: { user: User }) {
  const empty = { currentPassword: '', newPassword: '', confirmPassword: '' };
  const [fields, setFields] = useState(empty);
  const [shown, setShown] = useState(false);
  const [change, { isLoading }] = useChangePasswordMutation();
  const save = useFormSave('Password updated successfully');
  const google = Boolean(user.federatedId);
  const type = shown ? 'text' : 'password';
  const set = (field: keyof typeof empty) => (event: { target: { value: string } }) =>
    setFields((current) => ({ ...current, [field]: event.target.value }));

  async function submit(event: FormEvent) {
    event.preventDefault();
    const problems: Errors = validatePasswordChange(fields, google);
    const done = await save.run(problems, async () => {
      const session = await change({ currentPassword: fields.currentPassword, newPassword: fields.newPassword }).unwrap();
      return session.message || 'Password updated successfully';
    });
    if (done) setFields(empty);
  }

  return (
    <Section id="password-title" title="Password" lede="Changing it signs you out on your other devices.">
      <form ref={save.form} className={formStyles.form} onSubmit={submit} noValidate aria-labelledby="password-title">
        <FormAlert>{save.alert}</FormAlert>
        <Field
          label="Current password"
          name="currentPassword"
          type={type}
          autoComplete="current-password"
          optional={google}
          hint={google ? 'Signed up with Google and never set one? Leave it empty.' : undefined}
          value={fields.currentPassword}
          onChange={set('currentPassword')}
          error={save.errors.currentPassword}
        />
        <NewPasswordFields values={fields} errors={save.errors} type={type} onChange={set} />
        <Checkbox label="Show passwords" checked={shown} onChange={(event) => setShown(event.target.checked)} />
        <SaveButton busy={isLoading}>Update password</SaveButton>
      </form>
    </Section>
  );
}
