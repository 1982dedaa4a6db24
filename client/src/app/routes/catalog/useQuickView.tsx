import { lazy, Suspense, useCallback, useState } from 'react';
import { useAddToCart } from '../../../features/cart/useAddToCart';
import type { Product } from '../../../features/catalog/types';
import { WishlistHeart } from './WishlistHeart';

// The dialog's code loads the first time a shopper opens it, not with the listing.
const QuickView = lazy(() =>
  import('../../../features/catalog/components/QuickView').then((module) => ({ default: module.QuickView })),
);

/**
 * Quick view for a page of products: `open(product)` shows the dialog; Add to cart puts the
 * line in the cart (the cart feature shows 'Item added to your cart') and closes it.
 */
export function useQuickView({ paise = false }: { paise?: boolean } = {}) {
  const [product, setProduct] = useState<Product | null>(null);
  const addToCart = useAddToCart();
  const open = useCallback((chosen: Product) => setProduct(chosen), []);
  const close = useCallback(() => setProduct(null), []);

  const element = product ? (
    <Suspense fallback={null}>
      <QuickView
        product={product}
        paise={paise}
        onClose={close}
        action={<WishlistHeart product={product} variant="inline" />}
        onAddToCart={(chosen, size) => {
          void addToCart(chosen, size);
          close();
        }}
      />
    </Suspense>
  ) : null;

  return { open, element };
}
