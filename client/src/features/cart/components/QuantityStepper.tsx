import { MinusIcon, PlusIcon } from '../../../components/moreIcons';
import { Spinner } from '../../../components/Spinner';
import styles from './QuantityStepper.module.css';

/**
 * Minus, the quantity and plus. Minus is disabled at the least (1), plus at the most (10 or what
 * is in stock). While a change is being saved the buttons ignore presses (they keep focus) and a
 * spinner turns beside the number.
 */
export function QuantityStepper({
  quantity,
  min = 1,
  max,
  busy = false,
  label,
  onChange,
}: {
  quantity: number;
  min?: number;
  max: number;
  busy?: boolean;
  /** What is being counted, e.g. 'Oxford Shirt, size M'. */
  label: string;
  onChange: (quantity: number) => void;
}) {
  const change = (next: number) => {
    if (!busy && next >= min && next <= max) onChange(next);
  };
  return (
    <div className={styles.stepper} role="group" aria-label={`Quantity of ${label}`} aria-busy={busy || undefined}>
      <button
        type="button"
        className={styles.step}
        aria-label={`Decrease quantity of ${label}`}
        disabled={quantity <= min}
        aria-disabled={busy || undefined}
        onClick={() => change(quantity - 1)}
      >
        <MinusIcon size={16} />
      </button>
      <span className={styles.value} aria-live="polite" aria-atomic="true">
        <span className="visually-hidden">Quantity </span>
        {quantity}
      </span>
      <button
        type="button"
        className={styles.step}
        aria-label={`Increase quantity of ${label}`}
        disabled={quantity >= max}
        aria-disabled={busy || undefined}
        onClick={() => change(quantity + 1)}
      >
        <PlusIcon size={16} />
      </button>
      {busy && (
        <span className={styles.spinner}>
          <Spinner size={14} label="Updating quantity" />
        </span>
      )}
    </div>
  );
}
