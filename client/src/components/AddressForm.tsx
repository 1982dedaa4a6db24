// The address form (SPEC §3, §5), for the account's addresses and for checkout's "Add new
// address": every field but landmark required, the state chosen from India's list (the one GET
// /api/address/states answers and the server checks), a 6-digit pincode of digits only, and a
// 10-digit phone shown after +91. The server's field messages appear beside the same fields.
// Checkout shows it compact, inside its own panel.
import { useState, type FormEvent } from 'react';
import { addressTypes, digitsOnly, phoneDigits, validateAddress, type AddressErrors, type AddressField, type AddressInput, type AddressType } from '../lib/address';
import { Button } from './Button';
import { Checkbox, Field, FormAlert, SelectField, formStyles, useInvalidFocus } from './Form';
import { Spinner } from './Spinner';
import styles from './AddressForm.module.css';

const typeLabels: Record<AddressType, string> = { primary: 'Primary', home: 'Home', work: 'Work' };

/** Checkout offers the kinds in the order a shopper most likely picks them. */
const compactTypes: readonly AddressType[] = ['home', 'work', 'primary'];

/** The message of a failed save: the server's when it gave one. */
function failureMessage(error: unknown): string {
  const message = (error as { message?: unknown } | null)?.message;
  return typeof message === 'string' && message ? message : 'The address could not be saved. Please try again.';
}

/** The server's per-field messages of a failed save (the envelope's `errors`). */
function failureFields(error: unknown): AddressErrors {
  const errors = (error as { errors?: unknown } | null)?.errors;
  return errors && typeof errors === 'object' ? (errors as AddressErrors) : {};
}

/**
 * AddressForm edits `initial` and hands the checked address to `onSave`; a rejection carries the
 * server's message and field errors, shown on the form. `compact`: checkout's layout (no
 * phone hint or country line, pincode keeps digits only as typed).
 */
export function AddressForm({
  initial,
  states,
  title,
  submitLabel = 'Save address',
  compact = false,
  onSave,
  onCancel,
}: {
  initial: AddressInput;
  states: readonly string[];
  /** The form's accessible name. */
  title: string;
  submitLabel?: string;
  compact?: boolean;
  /** Saves the address; a rejection carries the server's message and field errors. */
  onSave: (input: AddressInput) => Promise<unknown>;
  onCancel?: () => void;
}) {
  const [form, setForm] = useState<AddressInput>(initial);
  const [errors, setErrors] = useState<AddressErrors>({});
  const [alert, setAlert] = useState('');
  const [busy, setBusy] = useState(false);
  const { form: formRef, focusInvalid } = useInvalidFocus();

  function set<K extends keyof AddressInput>(field: K, value: AddressInput[K]) {
    setForm((current) => ({ ...current, [field]: value }));
  }
  const text = (field: AddressField) => ({
    name: field,
    value: String(form[field] ?? ''),
    error: errors[field],
    onChange: (event: { target: { value: string } }) => set(field, event.target.value as never),
  });

  async function submit(event: FormEvent) {
    event.preventDefault();
    // Checkout's form sits inside the checkout's own content: never let the submit travel further.
    event.stopPropagation();
    setAlert('');
    const input = { ...form, phone: digitsOnly(form.phone) };
    const problems = validateAddress(input, states);
    setErrors(problems);
    if (Object.keys(problems).length > 0) {
      setAlert('Please correct the highlighted fields.');
      focusInvalid();
      return;
    }
    setBusy(true);
    try {
      await onSave(input);
    } catch (error) {
      setErrors(failureFields(error));
      setAlert(failureMessage(error));
      focusInvalid();
    } finally {
      setBusy(false);
    }
  }

  return (
    <form ref={formRef} className={`${formStyles.form} ${compact ? styles.compact : styles.form}`} onSubmit={submit} noValidate aria-label={title}>
      <FormAlert>{alert}</FormAlert>
      <div className={formStyles.row}>
        <Field label="First name" autoComplete="given-name" {...text('firstName')} />
        <Field label="Last name" autoComplete="family-name" {...text('lastName')} />
      </div>
      <div className={formStyles.row}>
        <Field label="Email" type="email" autoComplete="email" {...text('email')} />
        <Field
          label="Phone"
          type="tel"
          prefix="+91"
          inputMode="numeric"
          autoComplete="tel-national"
          {...text('phone')}
          onChange={(event) => set('phone', phoneDigits(event.target.value))}
          hint={compact ? undefined : '10-digit mobile number for delivery updates.'}
        />
      </div>
      <Field label="House, flat or building" autoComplete="address-line1" {...text('address1')} />
      <Field label="Street and area" autoComplete="address-line2" {...text('address2')} />
      <Field label="Landmark" optional {...text('landmark')} />
      <div className={compact ? formStyles.row : `${formStyles.row} ${styles.place}`}>
        <Field label="City" autoComplete="address-level2" {...text('city')} />
        <SelectField
          label="State"
          name="state"
          autoComplete="address-level1"
          placeholder={states.length > 0 ? 'Choose a state' : 'Loading states…'}
          options={states}
          value={form.state}
          error={errors.state}
          onChange={(event) => set('state', event.target.value)}
        />
        <Field
          label="Pincode"
          inputMode="numeric"
          autoComplete="postal-code"
          maxLength={6}
          {...text('pincode')}
          onChange={(event) => set('pincode', compact ? digitsOnly(event.target.value, 6) : event.target.value)}
        />
      </div>
      <fieldset className={formStyles.choices} aria-describedby={errors.type ? 'address-type-error' : undefined}>
        <legend className={formStyles.legend}>Address type</legend>
        <div className={styles.chips}>
          {(compact ? compactTypes : addressTypes).map((type) => (
            <label key={type} className={styles.chip}>
              <input type="radio" name="type" value={type} checked={form.type === type} onChange={() => set('type', type)} />
              <span>{typeLabels[type]}</span>
            </label>
          ))}
        </div>
        {errors.type && (
          <p id="address-type-error" className={styles.error}>
            {errors.type}
          </p>
        )}
      </fieldset>
      <Checkbox label="Make this my default address" checked={form.isDefault} onChange={(event) => set('isDefault', event.target.checked)} />
      {!compact && <p className={styles.country}>Country: India. We deliver across India.</p>}
      <div className={formStyles.actions}>
        <Button type="submit" disabled={busy} aria-busy={busy || undefined}>
          {busy && <Spinner size={16} />}
          {submitLabel}
        </Button>
        {onCancel && (
          <Button variant="secondary" onClick={onCancel}>
            Cancel
          </Button>
        )}
      </div>
    </form>
  );
}
