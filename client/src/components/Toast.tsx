import { useEffect, useEffectEvent, useState } from 'react';
import { CloseIcon } from './icons';
import styles from './Toast.module.css';

export type ToastKind = 'success' | 'error' | 'info';

const kindLabels: Record<ToastKind, string> = {
  success: 'Success',
  error: 'Error',
  info: 'Notice',
};

export interface ToastProps {
  message: string;
  kind: ToastKind;
  durationMs: number;
  /** How often the progress bar moves, in ms. */
  tickMs: number;
  onDismiss: () => void;
}

/** One toast: its message, a dismiss button and a progress bar that runs down over durationMs. */
export function Toast({ message, kind, durationMs, tickMs, onDismiss }: ToastProps) {
  const [elapsedMs, setElapsedMs] = useState(0);
  const expire = useEffectEvent(() => onDismiss());

  useEffect(() => {
    const startedAt = Date.now();
    const timer = window.setInterval(() => {
      const elapsed = Math.min(Date.now() - startedAt, durationMs);
      setElapsedMs(elapsed);
      if (elapsed >= durationMs) {
        window.clearInterval(timer);
        expire();
      }
    }, tickMs);
    return () => window.clearInterval(timer);
  }, [durationMs, tickMs]);

  const remaining = Math.max(0, 1 - elapsedMs / durationMs);

  return (
    <li className={`${styles.toast} ${styles[kind]}`}>
      {/* The live region is the words, inside the list item: a list holds list items only. */}
      <div role={kind === 'error' ? 'alert' : 'status'} data-kind={kind}>
        <span className={styles.kind}>{kindLabels[kind]}</span>
        <p className={styles.message}>{message}</p>
      </div>
      <button type="button" className={styles.dismiss} onClick={onDismiss} aria-label="Dismiss notification">
        <CloseIcon size={18} />
      </button>
      <span
        className={styles.progress}
        style={{ width: `${remaining * 100}%` }}
        role="progressbar"
        aria-label="Time before this notification closes"
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={Math.round(remaining * 100)}
      />
    </li>
  );
}
