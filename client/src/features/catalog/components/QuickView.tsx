import { useId, type ReactNode } from 'react';
import { Link } from '../../../components/Link';
import { Dialog } from '../../../components/Dialog';
import { productPath } from '../../../lib/paths';
import { truncate } from '../../../lib/text';
import { appliedSale, isSoldOut } from '../pricing';
import type { Product } from '../types';
import { PriceSummary } from './PriceSummary';
import { ProductGallery } from './ProductGallery';
import { SizeChartButton } from './SizeChartButton';
import { SizePicker } from './SizePicker';
import styles from './QuickView.module.css';

/** SPEC §9: quick view descriptions are cut at 200 characters, plus an ellipsis. */
export const quickViewDescriptionLength = 200;

/**
 * The quick-view dialog of a product: pictures, name, prices, sizes, size chart, a short
 * description, Add to cart (needs a size) and All details (the product page).
 */
export function QuickView({
  product,
  onClose,
  onAddToCart,
  paise = false,
  action,
}: {
  product: Product;
  onClose: () => void;
  onAddToCart: (product: Product, size: string) => void;
  paise?: boolean;
  /** Shown under Add to cart (the wishlist toggle). */
  action?: ReactNode;
}) {
  const titleId = useId();
  const soldOut = isSoldOut(product);
  const sale = appliedSale(product);

  return (
    <Dialog labelledBy={titleId} onClose={onClose} className={styles.panel} variant="sheet" closeLabel="Close quick view">
      <div className={styles.layout}>
        <div className={styles.gallery}>
          <ProductGallery product={product} soldOut={soldOut} />
        </div>
        <div className={styles.summary}>
          {sale && <p className={styles.saleChip}>{sale.saleName}</p>}
          <h2 id={titleId} className={styles.name}>
            {product.productName}
          </h2>
          <p className={styles.meta}>{[product.colour, product.subCategory].filter(Boolean).join(' · ')}</p>
          <PriceSummary product={product} paise={paise} shipping="Free shipping" />
        </div>
        <div className={styles.actions}>
          <SizePicker
            product={product}
            onAdd={(size) => onAddToCart(product, size)}
            aside={<SizeChartButton image={product.sizeChart} productName={product.productName} />}
          />
          {action}
          {product.basicProductDescription && (
            <p className={styles.description}>{truncate(product.basicProductDescription, quickViewDescriptionLength)}</p>
          )}
          <Link to={productPath(product._id)} className={styles.details}>
            All details
          </Link>
        </div>
      </div>
    </Dialog>
  );
}
