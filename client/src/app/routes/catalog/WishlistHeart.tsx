// The wishlist heart on product cards, quick view and the product page. It is drawn at once,
// with the page. A guest's heart needs nothing more: tapping it opens the sign-in popup. A
// signed-in shopper's heart (which reads the wishlist and saves or removes) loads its code just
// after the page, looking the same while it does; so a guest's listing never downloads it.
import { lazy, Suspense } from 'react';
import { HeartButton } from '../../../components/HeartButton';
import { selectToken, signInOpened, wishlistSignInNotice } from '../../../features/account/accountSlice';
import type { Product } from '../../../features/catalog/types';
import { useAppDispatch, useAppSelector } from '../../hooks';

const WishlistToggle = lazy(() =>
  import('../../../features/account/components/WishlistToggle').then((module) => ({ default: module.WishlistToggle })),
);

export function WishlistHeart({ product, variant }: { product: Product; variant?: 'overlay' | 'inline' }) {
  const dispatch = useAppDispatch();
  const signedIn = useAppSelector(selectToken) !== null;
  if (!signedIn) {
    return (
      <HeartButton
        saved={false}
        productName={product.productName}
        variant={variant}
        onClick={() => dispatch(signInOpened({ notice: wishlistSignInNotice }))}
      />
    );
  }
  return (
    <Suspense fallback={<HeartButton saved={false} productName={product.productName} variant={variant} busy />}>
      <WishlistToggle product={product as unknown as Parameters<typeof WishlistToggle>[0]['product']} variant={variant} />
    </Suspense>
  );
}

/** For ProductGrid's renderAction: a card's heart. */
export const renderWishlistHeart = (product: Product) => <WishlistHeart product={product} />;
