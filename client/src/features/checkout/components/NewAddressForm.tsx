// 'Add new address' inside checkout: SPEC §5's address form in a compact layout. It saves through
// POST /api/addAddress (the same list the account pages show) and hands back the new address.
import { useState, type FormEvent } from 'react';
import { Button } from '../../../components/Button';
import { Checkbox, Field, FormAlert, SelectField, formStyles, useInvalidFocus } from '../../../components/Form';
import { Spinner } from '../../../components/Spinner';
import { digits, phoneDigits, validateNewAddress, type NewAddressErrors, type NewAddressField } from '../addressValidation';
import { useAddCheckoutAddressMutation, useGetCheckoutStatesQuery } from '../api';
import { errorMessage } from '../messages';
import type { AddressType, CheckoutAddress, NewAddress } from '../types';
import styles from './Checkout.module.css';

const types: { value: AddressType; label: string }[] = [
  { value: 'home', label: 'Home' },
  { value: 'work', label: 'Work' },
  { value: 'primary', label: 'Primary' },
];

export function blankAddress(from?: Partial<CheckoutAddress>, isDefault = false): NewAddress {
  return {
    firstName: from?.firstName ?? '',
    lastName: from?.lastName ?? '',
    email: from?.email ?? '',
    phone: from?.phone ?? '',
    address1: '',
    address2: '',
    landmark: '',
    city: '',
    state: '',
    pincode: '',
    type: 'home',
    isDefault,
  };
}

export function NewAddressForm({
  initial,
  onSaved,
  onCancel,
}: {
  initial: NewAddress;
  /** The saved address, or null when the server did not answer it (the list refetches anyway). */
  onSaved: (address: CheckoutAddress | null) => void;
  onCancel?: () => void;
}) {
  const { data: states = [] } = useGetCheckoutStatesQuery();
  const [addAddress, { isLoading: saving }] = useAddCheckoutAddressMutation();
  const [form, setForm] = useState<NewAddress>(initial);
  const [errors, setErrors] = useState<NewAddressErrors>({});
  const [alert, setAlert] = useState('');
  const { form: formRef, focusInvalid } = useInvalidFocus();

  const set = <K extends keyof NewAddress>(field: K, value: NewAddress[K]) => setForm((current) => ({ ...current, [field]: value }));
  const text = (field: NewAddressField) => ({
    name: field,
    value: String(form[field] ?? ''),
    error: errors[field],
    onChange: (event: { target: { value: string } }) => set(field, event.target.value as never),
  });

  async function submit(event: FormEvent) {
    event.preventDefault();
    // The form sits inside the checkout dialog's own content: never let the submit travel further.
    event.stopPropagation();
    setAlert('');
    const problems = validateNewAddress(form, states);
    setErrors(problems);
    if (Object.keys(problems).length > 0) {
      setAlert('Please correct the highlighted fields.');
      focusInvalid();
      return;
    }
    try {
      onSaved(await addAddress(form).unwrap());
    } catch (error) {
      const fields = (error as { errors?: NewAddressErrors } | null)?.errors;
      setErrors(fields && typeof fields === 'object' ? fields : {});
      setAlert(errorMessage(error, 'The address could not be saved. Please try again.'));
      focusInvalid();
    }
  }

  return (
    <form ref={formRef} className={`${formStyles.form} ${styles.addressForm}`} onSubmit={submit} noValidate aria-label="Add new address">
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
        />
      </div>
      <Field label="House, flat or building" autoComplete="address-line1" {...text('address1')} />
      <Field label="Street and area" autoComplete="address-line2" {...text('address2')} />
      <Field label="Landmark" optional {...text('landmark')} />
      <div className={formStyles.row}>
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
          onChange={(event) => set('pincode', digits(event.target.value, 6))}
        />
      </div>
      <fieldset className={styles.chips}>
        <legend className={styles.legend}>Address type</legend>
        {types.map(({ value, label }) => (
          <label key={value} className={styles.chip}>
            <input type="radio" name="type" value={value} checked={form.type === value} onChange={() => set('type', value)} />
            <span>{label}</span>
          </label>
        ))}
      </fieldset>
      <Checkbox label="Make this my default address" checked={form.isDefault} onChange={(event) => set('isDefault', event.target.checked)} />
      <div className={formStyles.actions}>
        <Button type="submit" disabled={saving} aria-busy={saving || undefined}>
          {saving && <Spinner size={16} />}
          Save and use this address
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
