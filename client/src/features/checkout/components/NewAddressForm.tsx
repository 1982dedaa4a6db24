// 'Add new address' inside checkout: the shared address form (SPEC §5) in its compact layout. It
// saves through POST /api/addAddress (the same list the account pages show) and hands back the
// new address.
import { AddressForm } from '../../../components/AddressForm';
import { emptyAddress } from '../../../lib/address';
import { useAddCheckoutAddressMutation, useGetCheckoutStatesQuery } from '../api';
import type { CheckoutAddress, NewAddress } from '../types';

/** A blank address for checkout, with the shopper's name, e-mail and phone from `from`. */
export function blankAddress(from?: Partial<CheckoutAddress>, isDefault = false): NewAddress {
  return emptyAddress({
    firstName: from?.firstName ?? '',
    lastName: from?.lastName ?? '',
    email: from?.email ?? '',
    phone: from?.phone ?? '',
    isDefault,
  });
}

export function NewAddressForm({
  initial,
  onSaved,
  onCancel,
}: {
  initial: NewAddress;
  /** The saved address, or null when the server did not answer it (the list refetches anyway). */
  onSaved: (address: CheckoutAddress | null) => void;
  onCancel?: () => void;
}) {
  const { data: states = [] } = useGetCheckoutStatesQuery();
  const [addAddress] = useAddCheckoutAddressMutation();
  return (
    <AddressForm
      compact
      title="Add new address"
      submitLabel="Save and use this address"
      initial={initial}
      states={states}
      onSave={async (input) => onSaved(await addAddress(input).unwrap())}
      onCancel={onCancel}
    />
  );
}
