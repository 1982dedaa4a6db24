// The delivery address: the shopper's saved addresses as radio cards (the default one chosen
// first) and 'Add new address', which saves one and chooses it.
import { useState } from 'react';
import { Button } from '../../../components/Button';
import type { CheckoutAddress } from '../types';
import { NewAddressForm, blankAddress } from './NewAddressForm';
import styles from './Checkout.module.css';

const typeLabels: Record<string, string> = { primary: 'Primary', home: 'Home', work: 'Work' };

export function AddressPicker({
  addresses,
  loading,
  failed,
  selectedId,
  onSelect,
  onRetry,
  onAdded,
}: {
  addresses: CheckoutAddress[];
  loading: boolean;
  failed: boolean;
  selectedId: string | null;
  onSelect: (id: string) => void;
  onRetry: () => void;
  onAdded: (address: CheckoutAddress | null) => void;
}) {
  const [adding, setAdding] = useState(false);
  const template = addresses.find((address) => address.isDefault) ?? addresses[0];

  return (
    <div className={styles.addresses}>
      {loading ? (
        <div className={styles.addressSkeleton} aria-label="Loading your addresses" role="status" />
      ) : failed ? (
        <p className={styles.note}>
          Your addresses could not be loaded.{' '}
          <button type="button" className={styles.inlineAction} onClick={onRetry}>
            Try again
          </button>
        </p>
      ) : addresses.length === 0 && !adding ? (
        <p className={styles.note}>No saved addresses yet. Add one to deliver this order.</p>
      ) : (
        addresses.length > 0 && (
          <div role="radiogroup" aria-label="Delivery address" className={styles.addressList}>
            {addresses.map((address) => (
              <label key={address._id} className={styles.addressCard} data-selected={address._id === selectedId || undefined}>
                <input
                  type="radio"
                  name="checkout-address"
                  value={address._id}
                  checked={address._id === selectedId}
                  onChange={() => onSelect(address._id)}
                />
                <span className={styles.addressText}>
                  <span className={styles.addressName}>
                    {address.firstName} {address.lastName}
                    <span className={styles.tag}>{typeLabels[address.type] ?? address.type}</span>
                    {address.isDefault && <span className={styles.tagGold}>Default</span>}
                  </span>
                  <span className={styles.addressLines}>
                    {[address.address1, address.address2, address.landmark && `Near ${address.landmark}`].filter(Boolean).join(', ')}
                    <br />
                    {address.city}, {address.state} {address.pincode}
                  </span>
                  <span className={styles.addressPhone}>+91 {address.phone}</span>
                </span>
              </label>
            ))}
          </div>
        )
      )}
      {adding ? (
        <NewAddressForm
          initial={blankAddress(template, addresses.length === 0)}
          onCancel={() => setAdding(false)}
          onSaved={(address) => {
            setAdding(false);
            onAdded(address);
          }}
        />
      ) : (
        !loading && (
          <Button variant="secondary" className={styles.addAddress} onClick={() => setAdding(true)}>
            Add new address
          </Button>
        )
      )}
    </div>
  );
}
