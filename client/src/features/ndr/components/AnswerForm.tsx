// The three answers to a failed delivery attempt, for the shopper's link page and for staff
// acting for the shopper: deliver again on one of the next days, deliver again at a corrected
// phone or address, or cancel (the courier brings the parcel back). The server checks every
// field again; its field errors show under the fields.
import { useState, type FormEvent } from 'react';
import { Button } from '../../../components/Button';
import { Field, FormAlert, useInvalidFocus } from '../../../components/Form';
import type { ApiError } from '../../../lib/api';
import type { NdrAction, NdrAnswer } from '../types';
import { actionLabels, dayLabel } from '../words';
import styles from './Ndr.module.css';

export function AnswerForm({
  dates,
  phone = '',
  address1 = '',
  address2 = '',
  staff = false,
  submitLabel,
  onAnswer,
}: {
  dates: string[];
  phone?: string;
  address1?: string;
  address2?: string;
  staff?: boolean;
  submitLabel: string;
  onAnswer: (answer: NdrAnswer) => Promise<unknown>;
}) {
  const [action, setAction] = useState<NdrAction>('reattempt');
  const [date, setDate] = useState(dates[0] ?? '');
  const [fields, setFields] = useState({ phone, address1, address2, note: '' });
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [failure, setFailure] = useState('');
  const [busy, setBusy] = useState(false);
  const { form, focusInvalid } = useInvalidFocus();
  const who = staff ? 'the shopper' : 'you';

  async function submit(event: FormEvent) {
    event.preventDefault();
    setBusy(true);
    setErrors({});
    setFailure('');
    const answer: NdrAnswer = { action, ...(staff ? { note: fields.note } : {}) };
    if (action === 'reattempt') answer.date = date;
    if (action === 'correct') Object.assign(answer, { phone: fields.phone, address1: fields.address1, address2: fields.address2 });
    try {
      await onAnswer(answer);
    } catch (caught) {
      const error = caught as ApiError;
      setErrors(error.errors ?? {});
      setFailure(error.message || 'Your answer could not be sent. Please try again.');
      focusInvalid();
    } finally {
      setBusy(false);
    }
  }

  const change = (name: keyof typeof fields) => (event: { target: { value: string } }) =>
    setFields((current) => ({ ...current, [name]: event.target.value }));

  return (
    <form ref={form} className={styles.form} onSubmit={submit} noValidate>
      <fieldset className={styles.choices}>
        <legend className={styles.legend}>What should the courier do?</legend>
        {(Object.keys(actionLabels) as NdrAction[]).map((value) => (
          <label key={value} className={`${styles.choice} ${action === value ? styles.chosen : ''}`}>
            <input type="radio" name="action" value={value} checked={action === value} onChange={() => setAction(value)} />
            <span>{staff ? actionLabels[value].replace(/\bmy\b/, 'their').replace(/\bI\b/, 'they') : actionLabels[value]}</span>
          </label>
        ))}
        {errors.action && <p className={styles.error}>{errors.action}</p>}
      </fieldset>

      {action === 'reattempt' && (
        <fieldset className={styles.days}>
          <legend className={styles.legend}>Which day suits {who}?</legend>
          <div className={styles.dayRow}>
            {dates.map((day) => (
              <label key={day} className={`${styles.day} ${date === day ? styles.chosen : ''}`}>
                <input type="radio" name="date" value={day} checked={date === day} onChange={() => setDate(day)} />
                <span>{dayLabel(day)}</span>
              </label>
            ))}
          </div>
          {errors.date && <p className={styles.error}>{errors.date}</p>}
        </fieldset>
      )}

      {action === 'correct' && (
        <div className={styles.fields}>
          <Field label="Mobile number" prefix="+91" inputMode="tel" autoComplete="tel-national" value={fields.phone} onChange={change('phone')} error={errors.phone} />
          <Field label="Address line 1" autoComplete="address-line1" value={fields.address1} onChange={change('address1')} error={errors.address1} />
          <Field label="Address line 2" autoComplete="address-line2" optional value={fields.address2} onChange={change('address2')} error={errors.address2} />
        </div>
      )}

      {action === 'return' && <p className={styles.hint}>The order is cancelled and the parcel goes back to the shop. A paid order is refunded once it is back.</p>}

      {staff && (
        <Field label="Note (what the shopper asked for)" value={fields.note} onChange={change('note')} error={errors.note} required />
      )}

      <FormAlert>{failure && Object.keys(errors).length === 0 ? failure : ''}</FormAlert>
      <Button type="submit" disabled={busy}>
        {busy ? 'Sending…' : submitLabel}
      </Button>
    </form>
  );
}
