import type { ReactNode } from 'react';
import { ProductCard, ProductCardSkeleton } from './ProductCard';
import type { Product } from '../types';
import styles from './ProductGrid.module.css';

/** Products in a grid: two columns on phones, up to four on wide screens. */
export function ProductGrid({
  products,
  onQuickView,
  paise = false,
  label,
  renderAction,
  headingLevel,
  sizes,
}: {
  products: Product[];
  onQuickView?: (product: Product, trigger: HTMLButtonElement) => void;
  paise?: boolean;
  label?: string;
  /** What each card shows over its picture (the wishlist heart). */
  renderAction?: (product: Product) => ReactNode;
  /** The cards' heading level: 2 right under a page's h1, 3 (the default) under a section's h2. */
  headingLevel?: 2 | 3;
  /** The sizes a listing is filtered by: each card opens its product with the first it has in stock. */
  sizes?: string[];
}) {
  return (
    <ul className={styles.grid} aria-label={label}>
      {products.map((product, index) => (
        <li key={product._id}>
          <ProductCard
            product={product}
            onQuickView={onQuickView}
            paise={paise}
            eager={index < 4}
            action={renderAction?.(product)}
            headingLevel={headingLevel}
            size={sizes?.find((wanted) => product.sizes.some(({ size, stock }) => size === wanted && stock > 0))}
          />
        </li>
      ))}
    </ul>
  );
}

/** The grid's loading state: `count` card placeholders, so nothing moves when products arrive. */
export function ProductGridSkeleton({ count = 12 }: { count?: number }) {
  return (
    <div role="status" aria-live="polite">
      <span className="visually-hidden">Loading products</span>
      <ul className={styles.grid} aria-hidden="true">
        {Array.from({ length: count }, (_, index) => (
          <li key={index}>
            <ProductCardSkeleton />
          </li>
        ))}
      </ul>
    </div>
  );
}
