// The rows of a back-office list of things switched on and off (coupons, sales): an On/Off
// status column, an actions column with Edit, Switch on/off and Delete, and the toasts that say
// what a button did or why it failed.
import { useCallback } from 'react';
import { useDispatch } from 'react-redux';
import type { ApiError } from '../lib/api';
import { toastShown } from '../lib/toast';
import type { BackOfficeColumn } from './BackOfficeTable';
import styles from './BackOfficeList.module.css';

/** OnOffRow says how to name a row, whether it is on, and what its buttons do. */
export interface OnOffRow<T> {
  /** The row's name in the buttons' accessible names ("Edit DIWALI10"). */
  name: (item: T) => string;
  on: (item: T) => boolean;
  onEdit: (item: T) => void;
  onSwitch: (item: T) => void;
  onDelete: (item: T) => void;
}

/** onOffColumns are the Status column (On or Off) and the actions column (Edit, Switch on/off, Delete). */
export function onOffColumns<T>({ name, on, onEdit, onSwitch, onDelete }: OnOffRow<T>): BackOfficeColumn<T>[] {
  return [
    {
      heading: 'Status',
      cell: (item) => <span className={`${styles.pill} ${on(item) ? styles.good : styles.bad}`}>{on(item) ? 'On' : 'Off'}</span>,
    },
    {
      heading: 'Actions',
      hideHeading: true,
      className: styles.toggleCell,
      cell: (item) => (
        <span className={styles.actions}>
          <button type="button" className={styles.toggle} onClick={() => onEdit(item)} aria-label={`Edit ${name(item)}`}>
            Edit
          </button>
          <button type="button" className={styles.toggle} onClick={() => onSwitch(item)} aria-label={`Switch ${name(item)} ${on(item) ? 'off' : 'on'}`}>
            {on(item) ? 'Switch off' : 'Switch on'}
          </button>
          <button type="button" className={styles.toggle} onClick={() => onDelete(item)} aria-label={`Delete ${name(item)}`}>
            Delete
          </button>
        </span>
      ),
    },
  ];
}

/**
 * useToastedChange gives a function that makes a change (a mutation's unwrap) and toasts what
 * it did (`done` of its result), or the server's message, or `failed`, when it fails.
 */
export function useToastedChange() {
  const dispatch = useDispatch();
  return useCallback(
    async <R,>(change: () => Promise<R>, done: (result: R) => string, failed: string) => {
      try {
        dispatch(toastShown({ message: done(await change()) }));
      } catch (failure) {
        dispatch(toastShown({ message: (failure as Partial<ApiError> | undefined)?.message || failed, type: 'error' }));
      }
    },
    [dispatch],
  );
}
