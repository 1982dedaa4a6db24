// /user/addresses: the saved delivery addresses (default first): add, edit, delete and choose
// the default. The form checks SPEC §5's rules before sending; the server's messages show
// beside the fields, and a failure says so (SPEC §8's 'Address added successfully' on failure
// was a defect).
import { useEffect, useRef, useState } from 'react';
import { Button } from '../../../components/Button';
import { Dialog } from '../../../components/Dialog';
import { StateMessage } from '../../../components/StateMessage';
import { selectToken, selectUser } from '../../../features/account/accountSlice';
import {
  useAddAddressMutation,
  useDeleteAddressMutation,
  useGetAddressesQuery,
  useGetStatesQuery,
  useUpdateAddressMutation,
} from '../../../features/account/api';
import { AddressForm } from '../../../components/AddressForm';
import { addressInputOf, emptyAddress } from '../../../lib/address';
import type { Address, AddressInput } from '../../../features/account/types';
import { errorMessage, messages } from '../../../features/account/validation';
import { toastShown, type ToastType } from '../../../lib/toast';
import { useAppDispatch, useAppSelector } from '../../hooks';
import { PageHeader } from './PageHeader';
import styles from './AddressesPage.module.css';

const typeLabels: Record<string, string> = { primary: 'Primary', home: 'Home', work: 'Work' };

export function AddressesPage() {
  const dispatch = useAppDispatch();
  const token = useAppSelector(selectToken);
  const user = useAppSelector(selectUser);
  const { data: addresses, isLoading, isError, refetch } = useGetAddressesQuery();
  const { data: states = [] } = useGetStatesQuery();
  const [addAddress] = useAddAddressMutation();
  const [updateAddress] = useUpdateAddressMutation();
  const [deleteAddress, { isLoading: deleting }] = useDeleteAddressMutation();
  const [editing, setEditing] = useState<Address | 'new' | null>(null);
  const [confirming, setConfirming] = useState<Address | null>(null);
  const heading = useRef<HTMLHeadingElement>(null);
  const opened = useRef(false);
  const toast = (message: string, type: ToastType = 'success') => dispatch(toastShown({ message, type }));

  // Opening or closing the form is a new view: its heading takes focus and the page its top.
  useEffect(() => {
    if (!opened.current) {
      opened.current = true;
      return;
    }
    heading.current?.focus({ preventScroll: true });
    window.scrollTo({ top: 0, behavior: 'instant' });
  }, [editing]);

  async function save(input: AddressInput) {
    if (!token || !user?._id) throw { message: messages.userMissing };
    if (editing === 'new') {
      toast((await addAddress(input).unwrap()) || 'Address added successfully');
    } else if (editing) {
      toast((await updateAddress({ ...input, _id: editing._id }).unwrap()) || 'Address updated successfully');
    }
    setEditing(null);
  }

  async function makeDefault(address: Address) {
    try {
      await updateAddress({ ...addressInputOf(address), isDefault: true, _id: address._id }).unwrap();
      toast('Default address updated');
    } catch (error) {
      toast(errorMessage(error, 'The default address could not be changed.'), 'error');
    }
  }

  async function confirmDelete() {
    if (!confirming) return;
    try {
      toast((await deleteAddress(confirming._id).unwrap()) || 'Address deleted');
      setConfirming(null);
    } catch (error) {
      toast(errorMessage(error, 'The address could not be deleted.'), 'error');
    }
  }

  if (editing) {
    const [firstName = '', ...rest] = (user?.firstName ?? '').trim().split(/\s+/);
    const initial =
      editing === 'new'
        ? emptyAddress({
            firstName,
            lastName: user?.lastName || rest.join(' '),
            email: user?.email ?? '',
            phone: user?.phone ?? '',
            isDefault: (addresses?.length ?? 0) === 0,
          })
        : addressInputOf(editing);
    const title = editing === 'new' ? 'Add a new address' : 'Edit address';
    return (
      <>
        <title>{`${title} — drape`}</title>
        <PageHeader eyebrow="Addresses" title={title} titleRef={heading}>
          Free delivery anywhere in India. We call this number only about your delivery.
        </PageHeader>
        <AddressForm
          key={editing === 'new' ? 'new' : editing._id}
          title={title}
          initial={initial}
          states={states}
          submitLabel={editing === 'new' ? 'Save address' : 'Update address'}
          onSave={save}
          onCancel={() => setEditing(null)}
        />
      </>
    );
  }

  return (
    <>
      <title>Addresses — drape</title>
      <PageHeader
        eyebrow="Addresses"
        title="Your addresses"
        titleRef={heading}
        actions={
          addresses && addresses.length > 0 ? <Button onClick={() => setEditing('new')}>Add a new address</Button> : undefined
        }
      >
        Where we deliver your orders. The default address is chosen first at checkout.
      </PageHeader>
      {isLoading ? (
        <ul className={styles.list} aria-hidden="true">
          {[0, 1].map((index) => (
            <li key={index} className={`${styles.card} ${styles.skeleton}`} />
          ))}
        </ul>
      ) : isError || !addresses ? (
        <StateMessage tone="error" title="Your addresses could not be loaded" detail="Please check your connection and try again.">
          <Button variant="secondary" onClick={() => void refetch()}>
            Try again
          </Button>
        </StateMessage>
      ) : addresses.length === 0 ? (
        <StateMessage title="No saved addresses yet" detail="Add a delivery address now and checkout will be a single tap.">
          <Button onClick={() => setEditing('new')}>Add a new address</Button>
        </StateMessage>
      ) : (
        <ul className={styles.list} aria-label="Saved addresses">
          {addresses.map((address) => (
            <li key={address._id} className={styles.card} data-default={address.isDefault || undefined}>
              <div className={styles.cardTop}>
                <p className={styles.name}>
                  {address.firstName} {address.lastName}
                </p>
                <span className={styles.type}>{typeLabels[address.type] ?? address.type}</span>
                {address.isDefault && <span className={styles.badge}>Default</span>}
              </div>
              <address className={styles.lines}>
                {address.address1}
                <br />
                {address.address2}
                {address.landmark && (
                  <>
                    <br />
                    Near {address.landmark}
                  </>
                )}
                <br />
                {address.city}, {address.state} {address.pincode}
                <br />
                {address.country || 'India'}
              </address>
              <p className={styles.contact}>
                <span>+91 {address.phone}</span>
                <span>{address.email}</span>
              </p>
              <div className={styles.actions}>
                <Button variant="secondary" onClick={() => setEditing(address)} aria-label={`Edit address of ${address.firstName}, ${address.address1}`}>
                  Edit
                </Button>
                <Button variant="quiet" onClick={() => setConfirming(address)} aria-label={`Delete address of ${address.firstName}, ${address.address1}`}>
                  Delete
                </Button>
                {!address.isDefault && (
                  <Button variant="quiet" onClick={() => void makeDefault(address)}>
                    Set as default
                  </Button>
                )}
              </div>
            </li>
          ))}
        </ul>
      )}
      {confirming && (
        <Dialog labelledBy="delete-address-title" onClose={() => setConfirming(null)} className={styles.confirm} closeLabel="Keep address">
          <div className={styles.confirmBody}>
            <h2 id="delete-address-title" className={styles.confirmTitle}>
              Delete this address?
            </h2>
            <p className={styles.confirmLine}>
              {confirming.firstName} {confirming.lastName}, {confirming.address1}, {confirming.city}
            </p>
            <div className={styles.actions}>
              <Button onClick={() => void confirmDelete()} disabled={deleting}>
                Delete address
              </Button>
              <Button variant="secondary" onClick={() => setConfirming(null)}>
                Keep it
              </Button>
            </div>
          </div>
        </Dialog>
      )}
    </>
  );
}
