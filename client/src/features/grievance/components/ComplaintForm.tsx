// The complaint form (issue 23): a guest gives an e-mail, a signed-in shopper files at their
// account's. On success it shows the ticket at once, with a link to the complaint's status page.
import { useState, type FormEvent } from 'react';
import { Button, ButtonLink } from '../../../components/Button';
import { Field, FormAlert, formStyles } from '../../../components/Form';
import type { ApiError } from '../../../lib/api';
import { useFileComplaintMutation } from '../api';
import type { ComplaintForm as Form } from '../types';
import { complaintStatusPath } from '../paths';
import styles from './Grievance.module.css';

const empty: Form = { name: '', email: '', phone: '', orderRef: '', subject: '', message: '' };

export function ComplaintForm({ signedInEmail, signedInName }: { signedInEmail: string | null; signedInName: string }) {
  const [form, setForm] = useState<Form>({ ...empty, name: signedInName });
  const [file, { data, error, isLoading }] = useFileComplaintMutation();
  const failure = error as ApiError | undefined;
  const set = (key: keyof Form) => (event: { target: { value: string } }) => setForm({ ...form, [key]: event.target.value });

  function submit(event: FormEvent) {
    event.preventDefault();
    if (isLoading) return;
    void file({ ...form, email: signedInEmail ?? form.email.trim() });
  }

  if (data) {
    return (
      <div className={styles.ticket} role="status" aria-labelledby="complaint-filed">
        <p className={styles.eyebrow}>Complaint received</p>
        <h2 id="complaint-filed">
          Your ticket number is <span className={styles.ticketNumber}>{data.ticket}</span>
        </h2>
        <p>
          We have e-mailed an acknowledgement to {data.email}. Our grievance officer will answer by{' '}
          {new Date(data.dueAt).toLocaleDateString('en-IN', { day: 'numeric', month: 'long', year: 'numeric' })} at the latest.
        </p>
        <ButtonLink to={complaintStatusPath(data.ticket, data.email)} variant="secondary">
          See its status
        </ButtonLink>
      </div>
    );
  }
  return (
    <form className={styles.form} onSubmit={submit} noValidate aria-label="File a complaint">
      <div className={styles.row}>
        <Field label="Your name" autoComplete="name" value={form.name} onChange={set('name')} error={failure?.errors?.name} required />
        {signedInEmail ? (
          <Field label="E-mail" value={signedInEmail} readOnly hint="Your account's e-mail" />
        ) : (
          <Field
            label="E-mail"
            type="email"
            autoComplete="email"
            inputMode="email"
            value={form.email}
            onChange={set('email')}
            error={failure?.errors?.email}
            required
          />
        )}
      </div>
      <div className={styles.row}>
        <Field label="Phone" type="tel" autoComplete="tel" optional value={form.phone} onChange={set('phone')} error={failure?.errors?.phone} />
        <Field label="Order number" optional value={form.orderRef} onChange={set('orderRef')} error={failure?.errors?.orderRef} />
      </div>
      <Field label="Subject" value={form.subject} onChange={set('subject')} error={failure?.errors?.subject} required />
      <div className={formStyles.field} data-invalid={failure?.errors?.message ? true : undefined}>
        <label htmlFor="complaint-message" className={formStyles.label}>
          What went wrong
        </label>
        <textarea
          id="complaint-message"
          className={`${formStyles.input} ${styles.message}`}
          rows={6}
          value={form.message}
          onChange={set('message')}
          aria-invalid={failure?.errors?.message ? true : undefined}
          aria-describedby={failure?.errors?.message ? 'complaint-message-error' : undefined}
          required
        />
        {failure?.errors?.message && (
          <p id="complaint-message-error" className={formStyles.error}>
            {failure.errors.message}
          </p>
        )}
      </div>
      {failure && !failure.errors && <FormAlert>{failure.message}</FormAlert>}
      <Button type="submit" disabled={isLoading}>
        {isLoading ? 'Filing…' : 'File complaint'}
      </Button>
    </form>
  );
}
