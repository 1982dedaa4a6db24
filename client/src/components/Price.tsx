import { formatRupees } from '../lib/money';
import styles from './Price.module.css';

/**
 * What the shopper pays, with the list price struck through beside it when it is higher.
 * Both amounts come from the server; `paise` shows two decimals (the sale page, SPEC §9).
 */
export function Price({
  amount,
  listPrice,
  paise = false,
  size = 'medium',
  className,
}: {
  amount: number;
  listPrice?: number;
  paise?: boolean;
  size?: 'medium' | 'large';
  className?: string;
}) {
  const reduced = listPrice !== undefined && listPrice > amount;
  return (
    <p className={[styles.price, styles[size], className].filter(Boolean).join(' ')}>
      <span className={styles.now}>
        {reduced && <span className="visually-hidden">Price </span>}
        {formatRupees(amount, { paise })}
      </span>
      {reduced && (
        <del className={styles.was}>
          <span className="visually-hidden">List price </span>
          {formatRupees(listPrice, { paise })}
        </del>
      )}
    </p>
  );
}
