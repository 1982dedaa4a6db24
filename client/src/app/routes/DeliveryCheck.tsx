// The "Deliver to" box where a shopper may ask before buying (the product page, the quick view,
// the cart): the delivery feature's pincode check, started from the signed-in shopper's default
// address's pincode. The quick view and the cart load it lazily, so the listing's first script
// carries neither it nor the address book.
import { selectToken } from '../../features/account/accountSlice';
import { useGetAddressesQuery } from '../../features/account/api';
import { PincodeCheck } from '../../features/delivery/components/PincodeCheck';
import { useAppSelector } from '../hooks';

/** useDefaultPincode is the signed-in shopper's default address's pincode, '' for a guest or none. */
function useDefaultPincode(): string {
  const signedIn = useAppSelector(selectToken) !== null;
  const { currentData: addresses } = useGetAddressesQuery(undefined, { skip: !signedIn });
  const chosen = addresses?.find((address) => address.isDefault) ?? addresses?.[0];
  return chosen?.pincode ?? '';
}

/** DeliveryCheck is the pincode check for the shopper looking. */
export function DeliveryCheck() {
  return <PincodeCheck defaultPincode={useDefaultPincode()} />;
}
