import { useAppDispatch, useAppSelector } from '../../../app/hooks';
import { HeartButton } from '../../../components/HeartButton';
import { toastShown } from '../../../lib/toast';
import { selectToken, signInOpened, wishlistSignInNotice } from '../accountSlice';
import type { SavedProduct } from '../types';
import { errorMessage } from '../validation';
import { useGetWishlistQuery, useRemoveFromWishlistMutation, useSaveToWishlistMutation } from '../wishlistApi';

export { wishlistSignInNotice };

/**
 * The wishlist heart of a product: for a signed-in shopper it saves or removes the product at
 * once (the server's answer confirms it or puts it back); a guest is asked to sign in.
 */
export function WishlistToggle({ product, variant = 'overlay' }: { product: SavedProduct; variant?: 'overlay' | 'inline' }) {
  const dispatch = useAppDispatch();
  const token = useAppSelector(selectToken);
  const { saved } = useGetWishlistQuery(undefined, {
    skip: !token,
    selectFromResult: ({ data }) => ({ saved: Boolean(data?.items.some((item) => item._id === product._id)) }),
  });
  const [save] = useSaveToWishlistMutation();
  const [remove] = useRemoveFromWishlistMutation();

  async function toggle() {
    if (!token) {
      dispatch(signInOpened({ notice: wishlistSignInNotice }));
      return;
    }
    const wasSaved = saved;
    try {
      const message = await (wasSaved ? remove(product) : save(product)).unwrap();
      dispatch(toastShown({ message: message || (wasSaved ? 'Removed from your wishlist' : 'Added to your wishlist') }));
    } catch (error) {
      const fallback = wasSaved ? 'Could not remove it from your wishlist.' : 'Could not save it to your wishlist.';
      dispatch(toastShown({ message: errorMessage(error, fallback), type: 'error' }));
    }
  }

  return <HeartButton saved={Boolean(token) && saved} productName={product.productName} onClick={() => void toggle()} variant={variant} />;
}
