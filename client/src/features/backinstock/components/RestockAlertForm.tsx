// "Tell me when it's back" for a chosen sold-out size on the product page (its own lazy chunk:
// loaded only when a shopper chooses a sold-out size). A signed-in shopper asks with one tap
// and is told at their account's e-mail; a guest gives an e-mail. The server's answer (asked,
// or already asked) shows in place of the form.
import { useState, type FormEvent } from 'react';
import { Button } from '../../../components/Button';
import { Field } from '../../../components/Form';
import type { ApiError } from '../../../lib/api';
import { useAskRestockAlertMutation } from '../api';
import styles from './RestockAlertForm.module.css';

export function RestockAlertForm({
  productId,
  size,
  signedInEmail,
}: {
  productId: string;
  size: string;
  /** The signed-in shopper's e-mail; null for a guest. */
  signedInEmail: string | null;
}) {
  const [email, setEmail] = useState('');
  const [ask, { data, error, isLoading, reset, originalArgs }] = useAskRestockAlertMutation();
  const failure = error as ApiError | undefined;
  // An answer about another size (the shopper chose another) is not shown.
  const answer = data && originalArgs?.size === size ? data : undefined;

  function submit(event: FormEvent) {
    event.preventDefault();
    if (isLoading) return;
    void ask(signedInEmail ? { productId, size } : { productId, size, email: email.trim() });
  }

  if (answer) {
    return (
      <div className={styles.box} role="status">
        <p className={styles.title}>{answer.alreadyAsked ? 'Already on the list' : "We'll tell you"}</p>
        <p className={styles.text}>{answer.message}</p>
      </div>
    );
  }
  return (
    <form className={styles.box} onSubmit={submit} noValidate aria-label={`Back in stock alert for size ${size}`}>
      <p className={styles.title}>Size {size} is sold out</p>
      <p className={styles.text}>
        {signedInEmail ? `We'll e-mail ${signedInEmail} as soon as it's back.` : "Leave your e-mail and we'll tell you when it's back."}
      </p>
      {!signedInEmail && (
        <Field
          label="E-mail"
          type="email"
          autoComplete="email"
          inputMode="email"
          value={email}
          required
          error={failure?.errors?.email}
          onChange={(event) => {
            setEmail(event.target.value);
            if (failure) reset();
          }}
        />
      )}
      {failure && !failure.errors?.email && (
        <p className={styles.error} role="alert">
          {failure.message}
        </p>
      )}
      <Button type="submit" className={styles.submit} disabled={isLoading}>
        {isLoading ? 'Asking…' : "Tell me when it's back"}
      </Button>
    </form>
  );
}
