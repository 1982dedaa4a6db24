// What the account forms share (the shop's account details, the back office's password
// screens): running a save with local checks first and the server's field messages by their
// fields, the Save button, and the pair of new-password fields.
import { useState, type ReactNode } from 'react';
import { useAppDispatch } from '../../../app/hooks';
import { Button } from '../../../components/Button';
import { Field, formStyles, useInvalidFocus } from '../../../components/Form';
import { Spinner } from '../../../components/Spinner';
import { toastShown } from '../../../lib/toast';
import type { FieldErrors } from '../types';
import { errorMessage, fieldErrors } from '../validation';

/**
 * A form's save: `run(problems, call)` shows local problems (focusing the first) or makes the
 * call; its message (or `successFallback`) is toasted, a refusal's field messages go by the
 * fields and its message above the form. Answers whether it saved.
 */
export function useFormSave(successFallback: string) {
  const dispatch = useAppDispatch();
  const [errors, setErrors] = useState<FieldErrors>({});
  const [alert, setAlert] = useState('');
  const { form, focusInvalid } = useInvalidFocus();

  async function run(problems: FieldErrors, call: () => Promise<string | void>): Promise<boolean> {
    setAlert('');
    setErrors(problems);
    if (Object.keys(problems).length > 0) {
      focusInvalid();
      return false;
    }
    try {
      const message = await call();
      dispatch(toastShown({ message: message || successFallback }));
      return true;
    } catch (error) {
      const message = errorMessage(error);
      setErrors(fieldErrors(error));
      setAlert(message);
      dispatch(toastShown({ message, type: 'error' }));
      focusInvalid();
      return false;
    }
  }
  return { errors, alert, form, run };
}

/** The form's submit button, disabled and spinning while saving. */
export function SaveButton({ busy, children }: { busy: boolean; children: ReactNode }) {
  return (
    <div className={formStyles.actions}>
      <Button type="submit" disabled={busy} aria-busy={busy || undefined}>
        {busy && <Spinner size={16} />}
        {children}
      </Button>
    </div>
  );
}

/** New password and its confirmation, side by side. */
export function NewPasswordFields({
  values,
  errors,
  type = 'password',
  onChange,
}: {
  values: { newPassword: string; confirmPassword: string };
  errors: FieldErrors;
  type?: 'password' | 'text';
  onChange: (field: 'newPassword' | 'confirmPassword') => (event: { target: { value: string } }) => void;
}) {
  return (
    <div className={formStyles.row}>
      <Field
        label="New password"
        name="newPassword"
        type={type}
        autoComplete="new-password"
        hint="At least 8 characters."
        value={values.newPassword}
        onChange={onChange('newPassword')}
        error={errors.newPassword}
      />
      <Field
        label="Confirm new password"
        name="confirmPassword"
        type={type}
        autoComplete="new-password"
        value={values.confirmPassword}
        onChange={onChange('confirmPassword')}
        error={errors.confirmPassword}
      />
    </div>
  );
}
