import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { isPincode, lastPincode, rememberPincode, useLazyCheckDeliveryQuery } from '../api';
import styles from './PincodeCheck.module.css';

/** How long before a neutral answer is asked again (the server's lookup finishes meanwhile). */
const retryNeutralMs = 1500;

/**
 * The product page's "Deliver to" box: a pincode (the last one checked on this device, else
 * the signed-in shopper's default address's) and what the server promises for it — a date,
 * cash on delivery or not, or that the shop does not deliver there.
 */
export function PincodeCheck({ defaultPincode = '' }: { defaultPincode?: string }) {
  const inputId = useId();
  const [value, setValue] = useState(() => lastPincode() || defaultPincode);
  const [problem, setProblem] = useState('');
  const [check, { currentData: promise, isFetching, isError }] = useLazyCheckDeliveryQuery();
  const asked = useRef('');

  const ask = (pincode: string, remember: boolean) => {
    asked.current = pincode;
    if (remember) rememberPincode(pincode);
    void check({ pincode }, false);
  };

  // The shopper's saved pincode (or the default address's once it loads) is checked at once.
  useEffect(() => {
    const start = lastPincode() || defaultPincode;
    if (!asked.current && isPincode(start)) {
      setValue(start);
      ask(start, false);
    }
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [defaultPincode]);

  // A neutral answer is asked once more, when the server has had time to hear the courier.
  useEffect(() => {
    if (!promise || promise.known) return;
    const timer = window.setTimeout(() => void check({ pincode: promise.pincode }, false), retryNeutralMs);
    return () => window.clearTimeout(timer);
  }, [promise, check]);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const pincode = value.trim();
    if (!isPincode(pincode)) {
      setProblem('Enter a 6-digit pincode');
      return;
    }
    setProblem('');
    ask(pincode, true);
  };

  return (
    <section className={styles.box} aria-labelledby={`${inputId}-title`}>
      <h2 id={`${inputId}-title`} className={styles.title}>
        Delivery
      </h2>
      <form className={styles.form} onSubmit={submit} noValidate>
        <label htmlFor={inputId} className="visually-hidden">
          Pincode
        </label>
        <input
          id={inputId}
          className={styles.input}
          inputMode="numeric"
          autoComplete="postal-code"
          maxLength={6}
          placeholder="Enter pincode"
          value={value}
          aria-invalid={problem ? true : undefined}
          aria-describedby={`${inputId}-answer`}
          onChange={(event) => setValue(event.target.value.replace(/\D/g, ''))}
        />
        <button type="submit" className={styles.button} disabled={isFetching}>
          Check
        </button>
      </form>
      <div id={`${inputId}-answer`} className={styles.answer} role="status" aria-live="polite">
        {problem && <p className={styles.problem}>{problem}</p>}
        {!problem && isError && <p className={styles.problem}>We could not check this pincode. Please try again.</p>}
        {!problem && !isError && promise && <Answer promise={promise} />}
      </div>
    </section>
  );
}

function Answer({ promise }: { promise: NonNullable<ReturnType<typeof useLazyCheckDeliveryQuery>[1]['currentData']> }) {
  if (!promise.known) return <p className={styles.neutral}>{promise.message}</p>;
  if (!promise.serviceable) return <p className={styles.problem}>{promise.message}</p>;
  return (
    <>
      <p className={styles.date}>
        {promise.message} <span className={styles.pincode}>to {promise.pincode}</span>
      </p>
      <p className={promise.cod ? styles.cod : styles.noCod}>
        {promise.cod ? 'Cash on delivery available' : 'Cash on delivery is not available here: pay online'}
      </p>
    </>
  );
}
