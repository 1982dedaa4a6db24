// The wishlist heart on product cards, quick view and the product page. Its code (the heart and
// the wishlist calls) loads just after the page, keeping the listing's first JavaScript small;
// the heart appears a moment later over the picture, where it moves nothing.
import { lazy, Suspense } from 'react';
import type { Product } from '../../../features/catalog/types';

const WishlistToggle = lazy(() =>
  import('../../../features/account/components/WishlistToggle').then((module) => ({ default: module.WishlistToggle })),
);

export function WishlistHeart({ product, variant }: { product: Product; variant?: 'overlay' | 'inline' }) {
  return (
    <Suspense fallback={null}>
      <WishlistToggle product={product as unknown as Parameters<typeof WishlistToggle>[0]['product']} variant={variant} />
    </Suspense>
  );
}

/** For ProductGrid's renderAction: a card's heart. */
export const renderWishlistHeart = (product: Product) => <WishlistHeart product={product} />;
