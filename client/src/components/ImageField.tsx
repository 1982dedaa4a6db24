// A back-office image field: a preview of the current picture (or an empty frame), the file
// being uploaded shown in its place with its progress, a drop zone over a file input taking
// JPEG or PNG (named by the label), a hint, and the field's error (announced with the input).
import { useId } from 'react';
import { ImageDrop, UploadProgress, type PendingUpload } from './ImageDrop';
import styles from './ImageField.module.css';

export function ImageField({
  label,
  value,
  error,
  hint,
  upload,
  ratio = '4 / 3',
  onPick,
  onClear,
}: {
  label: string;
  /** The picture's URL; '' for none. */
  value: string;
  error?: string;
  hint?: string;
  /** The picture on its way up: shown in the preview with its progress. */
  upload?: PendingUpload;
  /** The preview's aspect ratio, as CSS writes it. */
  ratio?: string;
  onPick: (file: File) => void;
  /** Offers "Remove" when set and there is a picture. */
  onClear?: () => void;
}) {
  const id = useId();
  const described = [error ? `${id}-error` : '', hint && !error ? `${id}-hint` : ''].filter(Boolean).join(' ') || undefined;
  const shown = upload?.preview ?? value;
  return (
    <div className={styles.field} data-invalid={error ? true : undefined}>
      <div className={styles.preview} style={{ aspectRatio: ratio }}>
        {shown ? <img src={shown} alt={upload ? `${upload.name}, uploading` : `${label}: the current picture`} /> : <span className={styles.empty}>No picture yet</span>}
        {upload && (
          <span className={styles.busy}>
            <UploadProgress upload={upload} />
          </span>
        )}
      </div>
      <ImageDrop label={label} invalid={Boolean(error)} describedBy={described} onFiles={(files) => files[0] && onPick(files[0])} />
      {onClear && value && !upload && (
        <button type="button" className={styles.clear} onClick={onClear}>
          Remove
        </button>
      )}
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
