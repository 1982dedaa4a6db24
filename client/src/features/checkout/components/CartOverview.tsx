// The order summary's lines and the totals, exactly as the server's quote has them: the client
// adds nothing up. A part that is nothing (no coupon, no tax) is left out.
import { formatRupees } from '../../../lib/money';
import type { Quote } from '../types';
import styles from './Checkout.module.css';

export function CartOverview({ quote }: { quote: Quote }) {
  return (
    <ul className={styles.lines} aria-label="Items in your order">
      {quote.lines.map((line) => {
        const listTotal = line.price * line.quantity;
        return (
          <li key={line._id || `${line.productId}-${line.size}`} className={styles.line} data-blocked={line.soldOut || undefined}>
            {line.thumbnail ? (
              <img className={styles.thumb} src={line.thumbnail} alt="" width={56} height={75} loading="lazy" />
            ) : (
              <span className={styles.thumb} aria-hidden="true" />
            )}
            <div className={styles.lineText}>
              <p className={styles.lineName}>{line.productName}</p>
              <p className={styles.lineMeta}>
                Size {line.size} · Qty {line.quantity}
              </p>
              {line.soldOut && <p className={styles.lineProblem}>{line.problem || `Size ${line.size} is sold out`}</p>}
            </div>
            <p className={styles.linePrice}>
              <span>{formatRupees(line.total)}</span>
              {listTotal > line.total && (
                <del>
                  <span className="visually-hidden">List price </span>
                  {formatRupees(listTotal)}
                </del>
              )}
            </p>
          </li>
        );
      })}
    </ul>
  );
}

export function Totals({ quote }: { quote: Quote }) {
  return (
    <dl className={styles.totals} aria-label="Order total">
      <div>
        <dt>Subtotal</dt>
        <dd>{formatRupees(quote.listTotal)}</dd>
      </div>
      {quote.productDiscount > 0 && (
        <div>
          <dt>Product discount</dt>
          <dd className={styles.saving}>−{formatRupees(quote.productDiscount)}</dd>
        </div>
      )}
      {(quote.coupon || quote.couponDiscount > 0) && (
        <div>
          <dt>Coupon{quote.coupon ? ` (${quote.coupon.code})` : ''}</dt>
          <dd className={quote.couponDiscount > 0 ? styles.saving : undefined}>
            {quote.couponDiscount > 0 ? `−${formatRupees(quote.couponDiscount)}` : formatRupees(0)}
          </dd>
        </div>
      )}
      <div>
        <dt>Shipping</dt>
        <dd>{quote.shipping > 0 ? formatRupees(quote.shipping) : 'Free'}</dd>
      </div>
      {quote.codFee > 0 && (
        <div>
          <dt>Cash on delivery fee</dt>
          <dd>{formatRupees(quote.codFee)}</dd>
        </div>
      )}
      {quote.tax > 0 && (
        <div>
          <dt>Tax</dt>
          <dd>{formatRupees(quote.tax)}</dd>
        </div>
      )}
      <div className={styles.grandTotal}>
        <dt>Total</dt>
        <dd>{formatRupees(quote.total)}</dd>
      </div>
    </dl>
  );
}
