import { useEffect, useId, useState, type ReactNode } from 'react';
import { Button } from '../../../components/Button';
import { isSoldOut } from '../pricing';
import type { Product } from '../types';
import styles from './SizePicker.module.css';

/** SPEC §5/§9: 'Please select a size' shows for 3 s. */
export const sizeMessageMs = 3000;
export const sizeRequiredMessage = 'Please select a size';

/**
 * Size chips in the product's order (sold-out sizes disabled and marked) and Add to cart,
 * which needs a size: without one it says 'Please select a size' for 3 s. With soldOut, a
 * sold-out size can be chosen too, and soldOut(size) shows in place of Add to cart.
 */
export function SizePicker({
  product,
  onAdd,
  aside,
  soldOut: soldOutAction,
  initial = null,
}: {
  product: Pick<Product, '_id' | 'sizes' | 'totalStock'>;
  onAdd: (size: string) => void;
  /** Shown beside the Size legend (the size chart button). */
  aside?: ReactNode;
  /** What a chosen sold-out size offers (back-in-stock alerts on the product page). */
  soldOut?: (size: string) => ReactNode;
  /** The size chosen at first (a link's ?size=); one the product lacks chooses nothing. */
  initial?: string | null;
}) {
  const [chosen, setSelected] = useState(initial);
  const chosenSize = product.sizes.find(({ size }) => size === chosen);
  // A size that sells out while chosen (live stock) is chosen no more, unless soldOut offers something.
  const selected = chosenSize && (chosenSize.stock > 0 || soldOutAction) ? chosen : null;
  const waitFor = selected && soldOutAction && !(chosenSize!.stock > 0) ? selected : null;
  const [warning, setWarning] = useState(0);
  const name = useId();
  const soldOut = isSoldOut(product);

  useEffect(() => {
    if (!warning) return;
    const timer = window.setTimeout(() => setWarning(0), sizeMessageMs);
    return () => window.clearTimeout(timer);
  }, [warning]);

  useEffect(() => setSelected(initial), [product._id, initial]);

  function add() {
    if (!selected) {
      setWarning((count) => count + 1);
      return;
    }
    setWarning(0);
    onAdd(selected);
  }

  return (
    <div className={styles.picker}>
      <fieldset className={styles.fieldset}>
        <div className={styles.legendRow}>
          <legend className={styles.legend}>
            Size{selected && <span className={styles.chosen}>: {selected}</span>}
          </legend>
          {aside}
        </div>
        <div className={styles.chips}>
          {product.sizes.map(({ size, stock }) => {
            const unavailable = !(stock > 0);
            return (
              <label key={size} className={styles.chip} data-unavailable={unavailable || undefined}>
                <input
                  type="radio"
                  className={styles.radio}
                  name={name}
                  value={size}
                  checked={selected === size}
                  disabled={unavailable && !soldOutAction}
                  onChange={() => {
                    setSelected(size);
                    setWarning(0);
                  }}
                />
                <span className={styles.chipFace}>
                  {size}
                  {unavailable && <span className="visually-hidden">, sold out</span>}
                </span>
              </label>
            );
          })}
        </div>
      </fieldset>
      <p className={styles.message} role="alert">
        {warning > 0 ? sizeRequiredMessage : ''}
      </p>
      {waitFor ? (
        soldOutAction!(waitFor)
      ) : (
        <Button className={styles.add} onClick={add} disabled={soldOut}>
          {soldOut ? 'Out of Stock' : 'Add to cart'}
        </Button>
      )}
    </div>
  );
}
