// The cart's part of the storefront frame, loaded with the first add: the 'Item added to your
// cart' banner and the cart drawer. RootLayout mounts it while either has something to show.
import { selectCartDrawerOpen } from '../../features/cart/cartSlice';
import { CartAddedNotice } from '../../features/cart/components/CartAddedNotice';
import { useAppSelector } from '../hooks';
import { CartDrawerHost } from './CartDrawerHost';

export function CartShell() {
  const drawerOpen = useAppSelector(selectCartDrawerOpen);
  return (
    <>
      <CartAddedNotice />
      {drawerOpen && <CartDrawerHost />}
    </>
  );
}
