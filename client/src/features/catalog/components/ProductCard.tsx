import type { ReactNode } from 'react';
import { Link } from '../../../components/Link';
import { Price } from '../../../components/Price';
import { productPath } from '../../../lib/paths';
import { truncate } from '../../../lib/text';
import { appliedSale, isSoldOut, percentOff } from '../pricing';
import type { Product } from '../types';
import styles from './ProductCard.module.css';

/** SPEC §9: grid descriptions are cut at 60 characters. */
export const cardDescriptionLength = 60;

/**
 * A product in a grid: its picture at 3:4 (greyed with 'Out of Stock' when nothing is left),
 * name, colour, a short description, the price with the list price struck through when lower,
 * a quiet percent-off badge, the sale's name, and a Quick view button.
 */
export function ProductCard({
  product,
  onQuickView,
  paise = false,
  headingLevel = 3,
  eager = false,
  action,
  size,
}: {
  product: Product;
  onQuickView?: (product: Product, trigger: HTMLButtonElement) => void;
  paise?: boolean;
  headingLevel?: 2 | 3;
  eager?: boolean;
  /** Sits over the picture's top right corner (the wishlist heart). */
  action?: ReactNode;
  /** The size the product page opens with (?size=): the one a listing is filtered by. */
  size?: string;
}) {
  const soldOut = isSoldOut(product);
  const off = percentOff(product);
  const sale = appliedSale(product);
  const href = productPath(product, size);
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  const titleId = `product-${product._id}`;

  return (
    <article className={styles.card} aria-labelledby={titleId} data-testid="product-card" data-sold-out={soldOut || undefined}>
      <div className={styles.media}>
        <Link to={href} className={styles.imageLink} tabIndex={-1} aria-hidden="true">
          <img
            className={styles.image}
            src={product.thumbnail}
            alt=""
            width={600}
            height={800}
            loading={eager ? 'eager' : 'lazy'}
            decoding="async"
          />
        </Link>
        {sale && !soldOut && <span className={styles.saleChip}>{sale.saleName}</span>}
        {soldOut && <span className={styles.soldOut}>Out of Stock</span>}
        {action}
        {onQuickView && (
          <button
            type="button"
            className={styles.quickView}
            onClick={(event) => onQuickView(product, event.currentTarget)}
            aria-label={`Quick view: ${product.productName}`}
          >
            Quick view
          </button>
        )}
      </div>
      <div className={styles.body}>
        <Heading className={styles.name} id={titleId}>
          <Link to={href}>{product.productName}</Link>
        </Heading>
        {product.colour && <p className={styles.colour}>{product.colour}</p>}
        {product.basicProductDescription && (
          <p className={styles.description}>{truncate(product.basicProductDescription, cardDescriptionLength)}</p>
        )}
        <div className={styles.priceRow}>
          <Price amount={product.discountedPrice} listPrice={product.price} paise={paise} />
          {off > 0 && <span className={styles.badge}>{off}% off</span>}
        </div>
      </div>
    </article>
  );
}

/** A placeholder of the same size as a card, shown while products load. */
export function ProductCardSkeleton() {
  return (
    <div className={styles.card} aria-hidden="true" data-testid="product-card-skeleton">
      <div className={`${styles.media} ${styles.shimmer}`} />
      <div className={styles.body}>
        <span className={`${styles.line} ${styles.shimmer}`} style={{ width: '80%' }} />
        <span className={`${styles.line} ${styles.shimmer}`} style={{ width: '40%' }} />
        <span className={`${styles.line} ${styles.shimmer}`} style={{ width: '95%' }} />
        <span className={`${styles.line} ${styles.shimmer}`} style={{ width: '50%' }} />
      </div>
    </div>
  );
}
