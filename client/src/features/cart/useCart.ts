import { useCallback, useMemo, useState } from 'react';
import { useAppDispatch, useAppSelector, useAppStore } from '../../app/hooks';
import { toastShown } from '../../lib/toast';
import { cartMessages, useClearCartMutation, useGetCartDetailsQuery, useRemoveFromCartMutation, useUpdateCartMutation } from './api';
import { cartCleared, guestCartChanged, selectCartLines } from './cartSlice';
import { maxLineQuantity, minLineQuantity, removeGuestLine, setGuestQuantity } from './lineEdits';
import { lineKey, summarise } from './summary';
import type { CartLine, CartSummary } from './types';

export type LineActivity = 'updating' | 'removing';

/** The cart the screens show, whichever it is, and what can be done to it. */
export interface CartView {
  /** The server cart of a signed-in shopper, else the guest cart. */
  signedIn: boolean;
  lines: CartLine[];
  summary: CartSummary;
  /** The server cart is loading for the first time ('Loading your cart'). */
  loading: boolean;
  /** The server cart could not be loaded. */
  failed: boolean;
  /** Lines with a call on the way, by lineKey. */
  activity: Record<string, LineActivity>;
  /** The most a line may hold: 10, or fewer when the server says fewer are in stock. */
  maxQuantity: (line: CartLine) => number;
  setQuantity: (line: CartLine, quantity: number) => Promise<void>;
  remove: (line: CartLine) => Promise<void>;
  clear: () => Promise<void>;
  retry: () => void;
}

const noLines: CartLine[] = [];

/** Up to 10, and no more than the server says are in stock; a line already short may only go down. */
function maxQuantity(line: CartLine): number {
  return Math.max(line.quantity, Math.min(maxLineQuantity, line.available ?? maxLineQuantity));
}

/**
 * One cart for the UI (SPEC §4): the server cart when the shopper is signed in (a token exists),
 * otherwise the guest cart in this browser. Quantities stay within 1–10.
 */
export function useCart(signedIn: boolean): CartView {
  const dispatch = useAppDispatch();
  const store = useAppStore();
  const guestLines = useAppSelector(selectCartLines);
  const server = useGetCartDetailsQuery(undefined, { skip: !signedIn });
  const [updateCart] = useUpdateCartMutation();
  const [removeFromCart] = useRemoveFromCartMutation();
  const [clearServerCart] = useClearCartMutation();
  const [activity, setActivity] = useState<Record<string, LineActivity>>({});

  const lines = signedIn ? (server.data?.lines ?? noLines) : guestLines;
  const summary = useMemo(
    () => (signedIn ? (server.data?.summary ?? summarise(noLines)) : summarise(guestLines)),
    [signedIn, server.data, guestLines],
  );

  const track = useCallback(async (line: CartLine, what: LineActivity, work: () => Promise<unknown>) => {
    const key = lineKey(line);
    setActivity((current) => ({ ...current, [key]: what }));
    try {
      await work();
    } catch {
      // api.ts has already put things back and said what went wrong.
    } finally {
      setActivity(({ [key]: _done, ...rest }) => rest);
    }
  }, []);

  const setQuantity = useCallback(
    async (line: CartLine, quantity: number) => {
      const wanted = Math.min(maxQuantity(line), Math.max(minLineQuantity, Math.trunc(quantity)));
      if (wanted === line.quantity) return;
      if (!signedIn || !line._id) {
        dispatch(guestCartChanged(setGuestQuantity(selectCartLines(store.getState()), line.id, line.size, wanted)));
        return;
      }
      const cartId = line._id;
      await track(line, 'updating', () => updateCart({ cartId, quantity: wanted }).unwrap());
    },
    [dispatch, store, signedIn, track, updateCart],
  );

  const remove = useCallback(
    async (line: CartLine) => {
      if (!signedIn || !line._id) {
        dispatch(guestCartChanged(removeGuestLine(selectCartLines(store.getState()), line.id, line.size)));
        dispatch(toastShown({ message: cartMessages.removed }));
        return;
      }
      const cartId = line._id;
      await track(line, 'removing', () => removeFromCart(cartId).unwrap());
    },
    [dispatch, store, signedIn, track, removeFromCart],
  );

  const clear = useCallback(async () => {
    if (!signedIn) {
      dispatch(cartCleared());
      return;
    }
    await clearServerCart()
      .unwrap()
      .catch(() => undefined);
  }, [dispatch, signedIn, clearServerCart]);

  const { refetch } = server;
  const retry = useCallback(() => void refetch(), [refetch]);

  return {
    signedIn,
    lines,
    summary,
    loading: signedIn && server.isLoading,
    failed: signedIn && server.isError && !server.data,
    activity,
    maxQuantity,
    setQuantity,
    remove,
    clear,
    retry,
  };
}
