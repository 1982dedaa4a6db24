// "Tell me when it's back" for a chosen sold-out size, on the product page and in quick view:
// features/backinstock's form in its own chunk, loaded only when a shopper chooses a sold-out
// size, told the signed-in shopper's e-mail (a guest gives one).
import { lazy, Suspense } from 'react';
import { selectToken, selectUser } from '../../features/account/accountSlice';
import { useAppSelector } from '../hooks';

const RestockAlertForm = lazy(() =>
  import('../../features/backinstock/components/RestockAlertForm').then((module) => ({ default: module.RestockAlertForm })),
);

/** RestockAlertSlot offers a back-in-stock alert for sold-out size `size` of product `productId`. */
export function RestockAlertSlot({ productId, size }: { productId: string; size: string }) {
  const user = useAppSelector(selectUser);
  const signedInEmail = useAppSelector(selectToken) !== null && user ? user.email : null;
  return (
    <Suspense fallback={null}>
      <RestockAlertForm productId={productId} size={size} signedInEmail={signedInEmail} />
    </Suspense>
  );
}
