// A back-office image field: its label, a preview of the current picture (or an empty frame),
// a file input taking JPEG or PNG, a hint, and the field's error (announced with the input).
import { useId, type ChangeEvent } from 'react';
import { Spinner } from './Spinner';
import styles from './ImageField.module.css';

export function ImageField({
  label,
  value,
  error,
  hint,
  busy,
  ratio = '4 / 3',
  onPick,
  onClear,
}: {
  label: string;
  /** The picture's URL; '' for none. */
  value: string;
  error?: string;
  hint?: string;
  /** Shows a spinner over the preview while the picture uploads. */
  busy?: boolean;
  /** The preview's aspect ratio, as CSS writes it. */
  ratio?: string;
  onPick: (file: File) => void;
  /** Offers "Remove" when set and there is a picture. */
  onClear?: () => void;
}) {
  const id = useId();
  const described = [error ? `${id}-error` : '', hint && !error ? `${id}-hint` : ''].filter(Boolean).join(' ') || undefined;
  function picked(event: ChangeEvent<HTMLInputElement>) {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (file) onPick(file);
  }
  return (
    <div className={styles.field} data-invalid={error ? true : undefined}>
      <label htmlFor={id} className={styles.label}>
        {label}
      </label>
      <div className={styles.preview} style={{ aspectRatio: ratio }}>
        {value ? <img src={value} alt="" /> : <span className={styles.empty}>No picture yet</span>}
        {busy && (
          <span className={styles.busy}>
            <Spinner size={20} />
          </span>
        )}
      </div>
      <div className={styles.controls}>
        <input id={id} type="file" accept="image/jpeg,image/png" onChange={picked} aria-describedby={described} aria-invalid={error ? true : undefined} />
        {onClear && value && (
          <button type="button" className={styles.clear} onClick={onClear}>
            Remove
          </button>
        )}
      </div>
      {hint && !error && (
        <p id={`${id}-hint`} className={styles.hint}>
          {hint}
        </p>
      )}
      {error && (
        <p id={`${id}-error`} className={styles.error}>
          {error}
        </p>
      )}
    </div>
  );
}
