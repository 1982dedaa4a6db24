import type { MouseEvent } from 'react';
import { HeartIcon } from './icons';
import styles from './HeartButton.module.css';

/**
 * The wishlist toggle as it looks: a heart that fills when the product is saved. `overlay` sits
 * on a product picture; `inline` is a labelled button beside Add to cart.
 */
export function HeartButton({
  saved,
  productName,
  onClick,
  variant = 'overlay',
  busy = false,
}: {
  saved: boolean;
  productName: string;
  onClick?: (event: MouseEvent<HTMLButtonElement>) => void;
  variant?: 'overlay' | 'inline';
  busy?: boolean;
}) {
  return (
    <button
      type="button"
      className={`${styles.heart} ${styles[variant]}`}
      aria-pressed={saved}
      aria-label={variant === 'overlay' ? `Save ${productName} to wishlist` : undefined}
      aria-busy={busy || undefined}
      disabled={busy}
      data-saved={saved || undefined}
      onClick={onClick}
    >
      <HeartIcon size={variant === 'inline' ? 20 : 18} filled={saved} />
      {variant === 'inline' && (saved ? 'Saved to wishlist' : 'Save to wishlist')}
    </button>
  );
}
