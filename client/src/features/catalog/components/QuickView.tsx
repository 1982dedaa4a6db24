import { useId, useMemo, type ReactNode } from 'react';
import { useAppSelector } from '../../../app/hooks';
import type { RootState } from '../../../app/store';
import { Link } from '../../../components/Link';
import { Dialog } from '../../../components/Dialog';
import { productPath } from '../../../lib/paths';
import { truncate } from '../../../lib/text';
import { shippingPromise } from '../../../lib/shippingTerms';
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
 * The cache's copy of product `id` (on a page of a listing or search, or its own answer), or
 * undefined. A stock.changed event about it refetches those, so this is its live stock.
 */
function cachedProduct(queries: RootState['api']['queries'], id: string): Product | undefined {
  for (const entry of Object.values(queries)) {
    const data = entry?.data as (Partial<Product> & { items?: Product[] }) | undefined;
    const found = data?._id === id ? (data as Product) : Array.isArray(data?.items) ? data.items.find((item) => item?._id === id) : undefined;
    if (found?.sizes) return found;
  }
  return undefined;
}

/**
 * The quick-view dialog of a product: pictures, name, prices, sizes, size chart, a short
 * description, Add to cart (needs a size) and All details (the product page).
 */
export function QuickView({
  product: opened,
  onClose,
  onAddToCart,
  paise = false,
  action,
  delivery,
  soldOut: soldOutAction,
}: {
  product: Product;
  onClose: () => void;
  onAddToCart: (product: Product, size: string) => void;
  paise?: boolean;
  /** Shown under Add to cart (the wishlist toggle). */
  action?: ReactNode;
  /** Shown under it (where the product can be delivered, and by when). */
  delivery?: ReactNode;
  /** What a chosen sold-out size offers in place of Add to cart (the back-in-stock alert). */
  soldOut?: (size: string) => ReactNode;
}) {
  const titleId = useId();
  // Sizes as they are now, while the dialog is open: one that sells out greys out.
  const live = useAppSelector((state) => cachedProduct(state.api.queries, opened._id));
  const product = useMemo(
    () => (live ? { ...opened, stock: live.stock, sizes: live.sizes, totalStock: live.totalStock } : opened),
    [opened, live],
  );
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
          <PriceSummary product={product} paise={paise} shipping={shippingPromise()} />
        </div>
        <div className={styles.actions}>
          <SizePicker
            product={product}
            onAdd={(size) => onAddToCart(product, size)}
            aside={<SizeChartButton image={product.sizeChart} productName={product.productName} />}
            soldOut={soldOutAction}
          />
          {action}
          {delivery}
          {product.basicProductDescription && (
            <p className={styles.description}>{truncate(product.basicProductDescription, quickViewDescriptionLength)}</p>
          )}
          <Link to={productPath(product)} className={styles.details}>
            All details
          </Link>
        </div>
      </div>
    </Dialog>
  );
}
