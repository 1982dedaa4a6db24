import { Link } from '../../../components/Link';
import { Price } from '../../../components/Price';
import { formatRupees } from '../../../lib/money';
import { productPath } from '../../../lib/paths';
import { lineKey } from '../summary';
import type { CartLine } from '../types';
import type { CartView } from '../useCart';
import { QuantityStepper } from './QuantityStepper';
import styles from './CartLineItem.module.css';

/**
 * One line of the cart: the thumbnail and name linking to the product, the size, the list price
 * struck through beside what one costs now, minus/plus, Remove and the line's total. A line the
 * server says is sold out or short shows why, in red.
 */
export function CartLineItem({
  line,
  cart,
  variant = 'page',
  onNavigate,
}: {
  line: CartLine;
  cart: Pick<CartView, 'activity' | 'maxQuantity' | 'setQuantity' | 'remove'>;
  /** page: the cart pages' wide rows; drawer: the drawer's compact rows. */
  variant?: 'page' | 'drawer';
  /** Called when a link of the line is followed (the drawer closes). */
  onNavigate?: () => void;
}) {
  const activity = cart.activity[lineKey(line)];
  const href = productPath({ _id: line.productId });
  const label = `${line.productName}, size ${line.size}`;
  const problemId = line.problem ? `cart-problem-${lineKey(line).replace(/[^\w-]/g, '-')}` : undefined;

  return (
    <li
      className={`${styles.line} ${styles[variant]}`}
      data-testid="cart-line"
      data-sold-out={line.soldOut || undefined}
      aria-busy={activity ? true : undefined}
      aria-describedby={problemId}
    >
      <Link to={href} className={styles.thumb} tabIndex={-1} aria-hidden="true" onClick={onNavigate}>
        {line.thumbnail && <img src={line.thumbnail} alt="" width={120} height={160} loading="lazy" decoding="async" />}
      </Link>
      <div className={styles.details}>
        <h3 className={styles.name}>
          <Link to={href} onClick={onNavigate}>
            {line.productName}
          </Link>
        </h3>
        <p className={styles.size}>Size {line.size}</p>
        <Price amount={line.discountedPrice} listPrice={line.price} className={styles.price} />
        {line.problem && (
          <p className={styles.problem} id={problemId}>
            {line.problem}
          </p>
        )}
      </div>
      <div className={styles.quantity}>
        <QuantityStepper
          quantity={line.quantity}
          max={cart.maxQuantity(line)}
          busy={activity === 'updating'}
          label={label}
          onChange={(quantity) => void cart.setQuantity(line, quantity)}
        />
        <button
          type="button"
          className={styles.remove}
          onClick={() => void cart.remove(line)}
          aria-disabled={activity === 'removing' || undefined}
          aria-label={`Remove ${label}`}
        >
          {activity === 'removing' ? 'Removing…' : 'Remove'}
        </button>
      </div>
      <p className={styles.total}>
        <span className="visually-hidden">Line total </span>
        {formatRupees(line.total)}
      </p>
    </li>
  );
}
