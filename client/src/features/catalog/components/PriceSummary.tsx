import { Price } from '../../../components/Price';
import { isSoldOut, percentOff } from '../pricing';
import type { Product } from '../types';
import styles from './PriceSummary.module.css';

/**
 * The price block of the product page and quick view: what the shopper pays with the struck
 * list price, the saving as a quiet badge, the tax and shipping line, and Out of Stock.
 */
export function PriceSummary({ product, paise = false, shipping }: { product: Product; paise?: boolean; shipping: string }) {
  const off = percentOff(product);
  return (
    <>
      <div className={styles.row}>
        <Price amount={product.discountedPrice} listPrice={product.price} paise={paise} size="large" />
        {off > 0 && <span className={styles.badge}>{off}% off</span>}
      </div>
      <p className={styles.tax}>Inclusive of all taxes · {shipping}</p>
      {isSoldOut(product) && <p className={styles.soldOut}>Out of Stock</p>}
    </>
  );
}
