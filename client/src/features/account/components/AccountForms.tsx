// The forms of /user/accountdetails: name and phone, a new e-mail (with the password, then the
// code mailed to it), how order updates reach the phone (WhatsApp, SMS or none), and a new password (the server answers a fresh token for this device and
// signs the others out).
import { useState, type FormEvent, type ReactNode } from 'react';
import { Checkbox, Field, FormAlert, formStyles } from '../../../components/Form';
import { Button } from '../../../components/Button';
import {
  useChangeEmailMutation,
  useChangePasswordMutation,
  useConfirmEmailChangeMutation,
  useGetOrderUpdatesQuery,
  useSetOrderUpdatesMutation,
  useUpdateProfileMutation,
} from '../api';
import type { FieldErrors, OrderUpdates, User } from '../types';
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

/**
 * A new e-mail takes two steps: the address and the password send a 6-digit code to the new
 * address; the account moves only when that code is entered (and the old address is told).
 */
export function EmailForm({ user }: { user: User }) {
  const [fields, setFields] = useState({ email: '', password: '' });
  const [pending, setPending] = useState('');
  const [code, setCode] = useState('');
  const [change, { isLoading }] = useChangeEmailMutation();
  const [confirm, { isLoading: confirming }] = useConfirmEmailChangeMutation();
  const save = useFormSave('Email updated');
  const google = Boolean(user.federatedId);

  async function submit(event: FormEvent) {
    event.preventDefault();
    const problems: Errors = {};
    if (!fields.email.trim()) problems.email = messages.emailRequired;
    else if (!isEmail(fields.email)) problems.email = messages.emailInvalid;
    else if (fields.email.trim().toLowerCase() === user.email.toLowerCase()) problems.email = 'This is already your email';
    if (!fields.password) problems.password = messages.passwordRequired;
    let sentTo = '';
    const done = await save.run(problems, async () => {
      const answer = await change({ email: fields.email.trim(), password: fields.password }).unwrap();
      sentTo = answer.pendingEmail;
      return answer.message;
    });
    if (done) {
      setFields({ email: '', password: '' });
      setCode('');
      setPending(sentTo);
    }
  }

  async function submitCode(event: FormEvent) {
    event.preventDefault();
    const problems: Errors = {};
    if (!/^\d{6}$/.test(code.trim())) problems.code = 'Enter the 6-digit code from the email';
    const done = await save.run(problems, async () => {
      await confirm({ code: code.trim() }).unwrap();
      return 'Email updated';
    });
    if (done) setPending('');
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
      {pending ? (
        <form ref={save.form} className={formStyles.form} onSubmit={submitCode} noValidate aria-labelledby="email-title">
          <FormAlert>{save.alert}</FormAlert>
          <p className={styles.lede}>
            We sent a 6-digit code to <strong>{pending}</strong>. Enter it here to use that address; until then your
            account keeps {user.email}.
          </p>
          <Field
            label="Code from the email"
            name="code"
            inputMode="numeric"
            autoComplete="one-time-code"
            maxLength={6}
            value={code}
            onChange={(event) => setCode(event.target.value.replace(/\D/g, '').slice(0, 6))}
            error={save.errors.code}
          />
          <div className={formStyles.actions}>
            <Button type="submit" disabled={confirming} aria-busy={confirming || undefined}>
              Confirm new email
            </Button>
            <Button type="button" variant="secondary" onClick={() => setPending('')}>
              Use another address
            </Button>
          </div>
        </form>
      ) : (
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
          <SaveButton busy={isLoading}>Send code</SaveButton>
        </form>
      )}
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

const channels: { value: OrderUpdates['channel']; label: string }[] = [
  { value: 'whatsapp', label: 'WhatsApp' },
  { value: 'sms', label: 'SMS' },
  { value: 'none', label: 'No messages (e-mail only)' },
];

/** How order updates (placed, shipped, out for delivery, delivered) reach the shopper's phone. */
export function OrderUpdatesForm() {
  const { data } = useGetOrderUpdatesQuery();
  const [chosen, setChosen] = useState<OrderUpdates['channel'] | ''>('');
  const [saveChannel, { isLoading }] = useSetOrderUpdatesMutation();
  const save = useFormSave('Order updates saved');
  const channel = chosen || data?.channel || 'whatsapp';

  async function submit(event: FormEvent) {
    event.preventDefault();
    await save.run({}, async () => (await saveChannel({ channel }).unwrap()).message);
  }

  return (
    <Section
      id="order-updates-title"
      title="Order updates"
      lede="We message the phone on your delivery address when your order is placed, shipped, out for delivery and delivered."
    >
      <form ref={save.form} className={formStyles.form} onSubmit={submit} noValidate aria-labelledby="order-updates-title">
        <FormAlert>{save.alert}</FormAlert>
        <fieldset className={styles.choices}>
          <legend className={styles.legend}>Send order updates by</legend>
          {channels.map((c) => (
            <label key={c.value} className={formStyles.checkbox}>
              <input type="radio" name="channel" value={c.value} checked={channel === c.value} onChange={() => setChosen(c.value)} />
              <span>{c.label}</span>
            </label>
          ))}
        </fieldset>
        <SaveButton busy={isLoading}>Save order updates</SaveButton>
      </form>
    </Section>
  );
}
