// The quick-view dialog as the shop's pages open it (its own chunk, loaded the first time a
// shopper opens one): features/catalog's QuickView with the wishlist heart, the delivery check,
// "Tell me when it's back" on a chosen sold-out size, and Add to cart.
import { useAddToCart } from '../../features/cart/useAddToCart';
import { QuickView } from '../../features/catalog/components/QuickView';
import type { Product } from '../../features/catalog/types';
import { DeliveryCheck } from './DeliveryCheck';
import { RestockAlertSlot } from './RestockAlertSlot';
import { WishlistHeart } from './catalog/WishlistHeart';

/**
 * QuickViewDialog shows product in quick view; Add to cart puts the line in the cart (the cart
 * feature shows 'Item added to your cart') and closes it.
 */
export function QuickViewDialog({ product, paise, onClose }: { product: Product; paise: boolean; onClose: () => void }) {
  const addToCart = useAddToCart();
  return (
    <QuickView
      product={product}
      paise={paise}
      onClose={onClose}
      action={<WishlistHeart product={product} variant="inline" />}
      delivery={<DeliveryCheck />}
      soldOut={(size) => <RestockAlertSlot productId={product._id} size={size} />}
      onAddToCart={(chosen, size) => {
        void addToCart(chosen, size);
        onClose();
      }}
    />
  );
}
