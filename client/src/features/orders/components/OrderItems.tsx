import { formatRupees } from '../../../lib/money';
import type { OrderItem } from '../types';
import styles from './Orders.module.css';

/** An order's pieces: thumbnail, name, size, quantity, the price of one and the line total. */
export function OrderItems({ items, label = 'Items' }: { items: OrderItem[]; label?: string }) {
  return (
    <ul className={styles.items} aria-label={label}>
      {items.map((item, index) => (
        <li key={`${item.productId}-${item.size}-${index}`} className={styles.item}>
          {item.thumbnail ? (
            <img className={styles.thumb} src={item.thumbnail} alt="" width={60} height={80} loading="lazy" />
          ) : (
            <span className={styles.thumb} aria-hidden="true" />
          )}
          <div className={styles.itemText}>
            <p className={styles.itemName}>{item.productName}</p>
            <p className={styles.itemMeta}>
              Size {item.size} · Qty {item.quantity} · {formatRupees(item.discountedPrice)} each
              {item.price > item.discountedPrice && (
                <>
                  {' '}
                  <del>
                    <span className="visually-hidden">List price </span>
                    {formatRupees(item.price)}
                  </del>
                </>
              )}
            </p>
          </div>
          <p className={styles.itemTotal}>{formatRupees(item.total)}</p>
        </li>
      ))}
    </ul>
  );
}
