import { Button, ButtonLink } from '../../../components/Button';
import { StateMessage } from '../../../components/StateMessage';
import { toastShown } from '../../../lib/toast';
import type { SavedProduct } from '../../../features/account/types';
import { errorMessage } from '../../../features/account/validation';
import { useGetWishlistQuery, useRemoveFromWishlistMutation } from '../../../features/account/wishlistApi';
import { normaliseProduct } from '../../../features/catalog/api';
import { ProductCard, ProductCardSkeleton } from '../../../features/catalog/components/ProductCard';
import type { Product } from '../../../features/catalog/types';
import { paths } from '../../../lib/paths';
import { useAppDispatch } from '../../hooks';
import { useQuickView } from '../catalog/useQuickView';
import { WishlistHeart } from '../catalog/WishlistHeart';
import { PageHeader } from './PageHeader';
import styles from './WishlistPage.module.css';

/** /user/wishlist: the saved products, priced as today, with quick view (add to cart) and Remove. */
export function WishlistPage() {
  const dispatch = useAppDispatch();
  const { data, isLoading, isError, refetch } = useGetWishlistQuery();
  const [remove] = useRemoveFromWishlistMutation();
  const quickView = useQuickView();
  const products = (data?.items ?? []).map((item) => normaliseProduct(item as unknown as Product));

  async function removeProduct(product: Product) {
    try {
      const message = await remove(product as unknown as SavedProduct).unwrap();
      dispatch(toastShown({ message: message || 'Removed from your wishlist' }));
    } catch (error) {
      dispatch(toastShown({ message: errorMessage(error, 'Could not remove it from your wishlist.'), type: 'error' }));
    }
  }

  return (
    <>
      <title>Wishlist — drape</title>
      <PageHeader eyebrow="Wishlist" title="Your wishlist">
        {products.length > 0
          ? `${products.length} ${products.length === 1 ? 'piece' : 'pieces'} saved for later, at today's prices.`
          : 'Pieces you save with the heart wait for you here.'}
      </PageHeader>
      {isLoading ? (
        <ul className={styles.grid} aria-hidden="true">
          {[0, 1, 2].map((index) => (
            <li key={index}>
              <ProductCardSkeleton />
            </li>
          ))}
        </ul>
      ) : isError || !data ? (
        <StateMessage tone="error" title="Your wishlist could not be loaded" detail="Please check your connection and try again.">
          <Button variant="secondary" onClick={() => void refetch()}>
            Try again
          </Button>
        </StateMessage>
      ) : products.length === 0 ? (
        <StateMessage title="Your wishlist is empty" detail="Tap the heart on any piece to keep it here for later.">
          <ButtonLink to={paths.shop}>Shop the collection</ButtonLink>
        </StateMessage>
      ) : (
        <ul className={styles.grid} aria-label="Saved products">
          {products.map((product) => (
            <li key={product._id} className={styles.item}>
              <ProductCard product={product} onQuickView={quickView.open} action={<WishlistHeart product={product} />} />
              <Button
                variant="quiet"
                className={styles.remove}
                onClick={() => void removeProduct(product)}
                aria-label={`Remove ${product.productName} from wishlist`}
              >
                Remove
              </Button>
            </li>
          ))}
        </ul>
      )}
      {quickView.element}
    </>
  );
}
