import { lazy, Suspense, useCallback, useState } from 'react';
import type { Product } from '../../../features/catalog/types';

// The dialog's code (with the delivery check and Add to cart) loads the first time a shopper
// opens it, not with the listing.
const QuickViewDialog = lazy(() => import('../QuickViewDialog').then((module) => ({ default: module.QuickViewDialog })));

/**
 * Quick view for a page of products: `open(product)` shows the dialog (QuickViewDialog); Add to
 * cart puts the line in the cart and closes it.
 */
export function useQuickView({ paise = false }: { paise?: boolean } = {}) {
  const [product, setProduct] = useState<Product | null>(null);
  const open = useCallback((chosen: Product) => setProduct(chosen), []);
  const close = useCallback(() => setProduct(null), []);

  const element = product ? (
    <Suspense fallback={null}>
      <QuickViewDialog product={product} paise={paise} onClose={close} />
    </Suspense>
  ) : null;

  return { open, element };
}
