// Form controls shared by the account, address and back-office screens: a label above, the
// control, an optional hint, and the field's error below it (announced with the field through
// aria-describedby and aria-invalid).
import {
  useCallback,
  useEffect,
  useId,
  useRef,
  useState,
  type InputHTMLAttributes,
  type ReactNode,
  type Ref,
  type SelectHTMLAttributes,
} from 'react';
import styles from './Form.module.css';

interface FieldChrome {
  label: string;
  error?: string;
  /** Marks the field wrong without a message of its own (the form's message covers it). */
  invalid?: boolean;
  hint?: ReactNode;
  /** Marks the label '(optional)'. */
  optional?: boolean;
}

function useDescriptions(error?: string, hint?: ReactNode, extra?: string) {
  const id = useId();
  const errorId = `${id}-error`;
  const hintId = `${id}-hint`;
  const describedBy = [extra, hint && !error ? hintId : '', error ? errorId : ''].filter(Boolean).join(' ') || undefined;
  return { id, errorId, hintId, describedBy };
}

function Chrome({
  id,
  label,
  optional,
  hint,
  hintId,
  error,
  invalid,
  errorId,
  children,
  className,
}: FieldChrome & { id: string; hintId: string; errorId: string; children: ReactNode; className?: string }) {
  return (
    <div className={[styles.field, className].filter(Boolean).join(' ')} data-invalid={error || invalid ? true : undefined}>
      <label htmlFor={id} className={styles.label}>
        {label}
        {optional && <span className={styles.optional}> (optional)</span>}
      </label>
      {children}
      {hint && !error && (
        <p id={hintId} className={styles.hint}>
          {hint}
        </p>
      )}
      {error && (
        <p id={errorId} className={styles.error}>
          {error}
        </p>
      )}
    </div>
  );
}

/** A text input with its label; `prefix` shows fixed text before it (+91 for phones). */
export function Field({
  label,
  error,
  invalid,
  hint,
  optional,
  prefix,
  className,
  inputRef,
  ...input
}: FieldChrome & { prefix?: string; className?: string; inputRef?: Ref<HTMLInputElement> } & Omit<
    InputHTMLAttributes<HTMLInputElement>,
    'className' | 'prefix'
  >) {
  const prefixId = useId();
  const { id, errorId, hintId, describedBy } = useDescriptions(error, hint, prefix ? prefixId : undefined);
  const inputId = input.id ?? id;
  return (
    <Chrome
      id={inputId}
      label={label}
      optional={optional}
      hint={hint}
      hintId={hintId}
      error={error}
      invalid={invalid}
      errorId={errorId}
      className={className}
    >
      <div className={styles.control}>
        {prefix && (
          <span id={prefixId} className={styles.prefix}>
            {prefix}
          </span>
        )}
        <input
          {...input}
          ref={inputRef}
          id={inputId}
          className={styles.input}
          aria-invalid={error || invalid ? true : undefined}
          aria-describedby={describedBy}
          required={optional ? undefined : input.required}
        />
      </div>
    </Chrome>
  );
}

/** A select option whose value and label differ. */
export interface SelectOption {
  value: string;
  label: string;
}

/** A select with its label: `options` are values shown as they are (or value and label), after a placeholder. */
export function SelectField({
  label,
  error,
  hint,
  optional,
  options,
  placeholder,
  className,
  ...select
}: FieldChrome & {
  options: readonly (string | SelectOption)[];
  placeholder: string;
  className?: string;
} & Omit<SelectHTMLAttributes<HTMLSelectElement>, 'className'>) {
  const { id, errorId, hintId, describedBy } = useDescriptions(error, hint);
  const selectId = select.id ?? id;
  return (
    <Chrome id={selectId} label={label} optional={optional} hint={hint} hintId={hintId} error={error} errorId={errorId} className={className}>
      <div className={styles.control}>
        <select {...select} id={selectId} className={styles.input} aria-invalid={error ? true : undefined} aria-describedby={describedBy}>
          <option value="">{placeholder}</option>
          {options.map((option) => {
            const { value, label: shown } = typeof option === 'string' ? { value: option, label: option } : option;
            return (
              <option key={value} value={value}>
                {shown}
              </option>
            );
          })}
        </select>
      </div>
    </Chrome>
  );
}

/** A checkbox with its label on the right, 44 px tall. */
export function Checkbox({ label, ...input }: { label: ReactNode } & Omit<InputHTMLAttributes<HTMLInputElement>, 'type'>) {
  return (
    <label className={styles.checkbox}>
      <input type="checkbox" {...input} />
      <span>{label}</span>
    </label>
  );
}

const alertTones = { error: 'alertError', info: 'alertInfo', success: 'alertSuccess' } as const;

/** A message about the whole form (a failed call), announced when it appears. */
export function FormAlert({ children, tone = 'error' }: { children?: ReactNode; tone?: 'error' | 'info' | 'success' }) {
  return (
    <div role={tone === 'error' ? 'alert' : 'status'} className={styles.alertRegion}>
      {children && <p className={`${styles.alert} ${styles[alertTones[tone]]}`}>{children}</p>}
    </div>
  );
}

export const formStyles = styles;

/**
 * useInvalidFocus gives a form its ref and a `focusInvalid` call: after the render that marks the
 * fields, focus moves to the first invalid one, so keyboard and screen-reader users land on it.
 * It runs as an effect of that render, never on a later frame, so it cannot steal focus from a
 * field the shopper has already moved on to.
 */
export function useInvalidFocus() {
  const form = useRef<HTMLFormElement>(null);
  const [request, setRequest] = useState(0);
  useEffect(() => {
    if (request > 0) form.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
  }, [request]);
  const focusInvalid = useCallback(() => setRequest((count) => count + 1), []);
  return { form, focusInvalid };
}
