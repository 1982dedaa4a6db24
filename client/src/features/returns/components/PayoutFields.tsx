// The return form's "Refund to" part for a cash-on-delivery order: a UPI id, or a bank
// account (IFSC and number). Errors are keyed as the server names them (payout.upi…).
import { useId } from 'react';
import { Field, formStyles } from '../../../components/Form';
import type { PayoutChoice, PayoutMethod } from '../payout';
import styles from './Returns.module.css';

const methods: { value: PayoutMethod; label: string }[] = [
  { value: 'upi', label: 'UPI id' },
  { value: 'bank', label: 'Bank account' },
];

export function PayoutFields({
  value,
  errors,
  onChange,
}: {
  value: PayoutChoice;
  errors: Record<string, string>;
  onChange: (next: PayoutChoice) => void;
}) {
  const id = useId();
  return (
    <fieldset className={styles.payout} aria-describedby={`${id}-hint`}>
      <legend className={formStyles.label}>Refund to</legend>
      <p id={`${id}-hint`} className={formStyles.hint}>
        You paid cash on delivery, so we pay your refund to your UPI id or bank account. We keep it encrypted and show it
        only masked.
      </p>
      <div className={styles.payoutMethods} role="radiogroup" aria-label="Refund to">
        {methods.map((m) => (
          <label key={m.value} className={styles.kind} data-checked={value.method === m.value || undefined}>
            <input
              type="radio"
              name={`${id}-method`}
              value={m.value}
              checked={value.method === m.value}
              onChange={() => onChange({ ...value, method: m.value })}
            />
            <span>{m.label}</span>
          </label>
        ))}
      </div>
      {errors.payout && <p className={formStyles.error}>{errors.payout}</p>}
      {value.method === 'upi' ? (
        <Field
          id={`${id}-upi`}
          label="UPI id"
          error={errors['payout.upi']}
          value={value.upi}
          placeholder="name@okhdfcbank"
          inputMode="email"
          autoComplete="off"
          onChange={(event) => onChange({ ...value, upi: event.target.value })}
        />
      ) : (
        <>
          <Field
            id={`${id}-ifsc`}
            label="IFSC"
            error={errors['payout.ifsc']}
            value={value.ifsc}
            placeholder="HDFC0001234"
            autoComplete="off"
            onChange={(event) => onChange({ ...value, ifsc: event.target.value })}
          />
          <Field
            id={`${id}-account`}
            label="Account number"
            error={errors['payout.account']}
            value={value.account}
            placeholder="9 to 18 digits"
            inputMode="numeric"
            autoComplete="off"
            onChange={(event) => onChange({ ...value, account: event.target.value })}
          />
        </>
      )}
    </fieldset>
  );
}
