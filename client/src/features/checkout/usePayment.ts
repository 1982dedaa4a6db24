// Placing the order: cash on delivery in one call, or online through Razorpay's checkout in three
// (our order and Razorpay's, the checkout modal, then the verified result). Every write carries an
// Idempotency-Key: the same one when an attempt is retried after a lost answer, a new one once the
// server has refused it or the shopper changed what they are buying.
import { useCallback, useState } from 'react';
import { useAppDispatch } from '../../app/hooks';
import { api } from '../../lib/api';
import { brandName } from '../../lib/brandName';
import { toastShown } from '../../lib/toast';
import { checkoutApi, useCreateOrderMutation, useCreateRazorpayOrderMutation, useRazorpayPaymentFailedMutation } from './api';
import type { BusinessDetails } from './business';
import { createAttempt, newIdempotencyKey } from './idempotency';
import { checkoutMessages, errorMessage, errorStatus, isSettledRefusal } from './messages';
import { loadRazorpay, razorpayThemeColour, type RazorpayConstructor, type RazorpayFailure, type RazorpaySuccess } from './razorpay';
import type { PaymentMode, PlacedOrder, RazorpayOrder } from './types';

export type PaymentPhase = 'idle' | 'placing' | 'paying' | 'confirming' | 'cancelling';

export interface PaymentNotice {
  tone: 'error' | 'info';
  text: string;
}

export interface OrderToPlace {
  mode: PaymentMode;
  addressId: string;
  couponCode: string;
  /** A business purchase's GSTIN and name, when the shopper gave them. */
  business?: BusinessDetails;
}

/** A payment Razorpay took whose confirmation did not reach the server yet (kept for a retry). */
interface Confirmation {
  created: RazorpayOrder;
  response: RazorpaySuccess;
  key: string;
}

export const unconfirmedMessage =
  'Your payment went through, but we could not confirm it with the shop yet. Confirm again: you will not be charged twice.';

export function usePayment({
  onPlaced,
  onNotice,
  onRefused,
}: {
  /** The order is placed (and paid, when online): show the thank-you page. */
  onPlaced: (orderId: string, order?: PlacedOrder) => void;
  /** A message for the dialog, or null to clear it. */
  onNotice: (notice: PaymentNotice | null) => void;
  /** The server refused the order (a size ran out, an address gone…): refresh what the dialog shows. */
  onRefused: (error: unknown) => void;
}) {
  const dispatch = useAppDispatch();
  const [createOrder] = useCreateOrderMutation();
  const [createRazorpayOrder] = useCreateRazorpayOrderMutation();
  const [reportFailure] = useRazorpayPaymentFailedMutation();
  const [attempt] = useState(() => createAttempt());
  const [phase, setPhase] = useState<PaymentPhase>('idle');
  const [unconfirmed, setUnconfirmed] = useState<Confirmation | null>(null);

  const refused = useCallback(
    (error: unknown) => {
      if (isSettledRefusal(error)) attempt.settle();
      setPhase('idle');
      onNotice({ tone: 'error', text: errorMessage(error) });
      onRefused(error);
    },
    [attempt, onNotice, onRefused],
  );

  const confirm = useCallback(
    async ({ created, response, key }: Confirmation) => {
      setPhase('confirming');
      setUnconfirmed(null);
      onNotice(null);
      try {
        const { order, message } = await createOrder({
          idempotencyKey: key,
          paymentMode: 'online',
          orderId: created.orderId,
          paymentId: response.razorpay_payment_id,
          signature: response.razorpay_signature,
          razorpay_order_id: response.razorpay_order_id,
          razorpay_payment_id: response.razorpay_payment_id,
          razorpay_signature: response.razorpay_signature,
        }).unwrap();
        dispatch(toastShown({ message: message || checkoutMessages.thankYou }));
        onPlaced(order?.orderId || created.orderId, order);
      } catch (error) {
        setPhase('idle');
        if (isSettledRefusal(error)) {
          // 'Payment could not be verified': the order stays as the server has it.
          attempt.settle();
          onNotice({ tone: 'error', text: errorMessage(error) });
          dispatch(api.util.invalidateTags(['Cart', 'Order']));
        } else {
          setUnconfirmed({ created, response, key });
          onNotice({ tone: 'error', text: unconfirmedMessage });
        }
      }
    },
    [attempt, createOrder, dispatch, onNotice, onPlaced],
  );

  const giveUp = useCallback(
    async (created: RazorpayOrder, failure: RazorpayFailure['error'] | null) => {
      setPhase('cancelling');
      let paidMeanwhile = false;
      try {
        await reportFailure({
          orderId: created.orderId,
          ...(failure?.code ? { code: failure.code } : {}),
          ...(failure?.description ? { description: failure.description } : {}),
        }).unwrap();
      } catch (error) {
        // 409: the payment reached the shop before the shopper gave up, so the order stands.
        // Otherwise the server cancels an unpaid order when it expires; the shopper hears the same.
        paidMeanwhile = errorStatus(error) === 409;
      }
      dispatch(api.util.invalidateTags(['Cart', 'Order']));
      attempt.settle();
      if (paidMeanwhile) {
        dispatch(toastShown({ message: checkoutMessages.thankYou }));
        onPlaced(created.orderId);
        return;
      }
      setPhase('idle');
      onNotice({ tone: 'info', text: checkoutMessages.paymentNotCompleted });
    },
    [attempt, dispatch, onNotice, onPlaced, reportFailure],
  );

  const openCheckout = useCallback(
    (Razorpay: RazorpayConstructor, created: RazorpayOrder) => {
      let paid = false;
      let failure: RazorpayFailure['error'] | null = null;
      const key = newIdempotencyKey();
      const checkout = new Razorpay({
        key: created.key,
        amount: created.amount,
        currency: created.currency || 'INR',
        name: created.name || brandName,
        description: created.description || `Order ${created.orderId}`,
        order_id: created.razorpayOrderId,
        prefill: created.prefill,
        theme: { color: razorpayThemeColour },
        handler(response) {
          paid = true;
          void confirm({ created, response, key });
        },
        modal: {
          ondismiss() {
            if (!paid) void giveUp(created, failure);
          },
        },
      });
      // The modal stays open after a failed payment so the shopper can try another way.
      checkout.on('payment.failed', (response) => {
        failure = response?.error ?? {};
        onNotice({ tone: 'error', text: failure.description || checkoutMessages.paymentFailed });
      });
      checkout.open();
    },
    [confirm, giveUp, onNotice],
  );

  const pay = useCallback(
    async ({ mode, addressId, couponCode, business }: OrderToPlace) => {
      onNotice(null);
      const key = attempt.keyFor(`${mode}|${addressId}|${couponCode}|${business?.businessGstin ?? ''}|${business?.businessName ?? ''}`);
      const body = { address: addressId, ...(couponCode ? { couponCode } : {}), ...(business ?? {}) };

      if (mode === 'cod') {
        setPhase('placing');
        try {
          const { order, message } = await createOrder({ idempotencyKey: key, paymentMode: 'cod', ...body }).unwrap();
          dispatch(toastShown({ message: message || checkoutMessages.orderPlaced }));
          onPlaced(order?.orderId ?? '', order);
        } catch (error) {
          refused(error);
        }
        return;
      }

      setPhase('paying');
      // The script first: if it cannot load, nothing has been created yet.
      let Razorpay: RazorpayConstructor;
      try {
        const config = await dispatch(checkoutApi.endpoints.getCheckoutConfig.initiate(undefined, { subscribe: false })).unwrap();
        Razorpay = await loadRazorpay(config.razorpayCheckoutUrl);
      } catch {
        setPhase('idle');
        dispatch(toastShown({ message: checkoutMessages.scriptFailed, type: 'error' }));
        return;
      }
      let created: RazorpayOrder;
      try {
        created = await createRazorpayOrder({ idempotencyKey: key, ...body }).unwrap();
      } catch (error) {
        refused(error);
        return;
      }
      try {
        openCheckout(Razorpay, created);
      } catch {
        dispatch(toastShown({ message: checkoutMessages.scriptFailed, type: 'error' }));
        await giveUp(created, null);
      }
    },
    [attempt, createOrder, createRazorpayOrder, dispatch, giveUp, onNotice, onPlaced, openCheckout, refused],
  );

  const confirmAgain = useCallback(() => {
    if (unconfirmed) void confirm(unconfirmed);
  }, [confirm, unconfirmed]);

  return { phase, pay, unconfirmed: unconfirmed !== null, confirmAgain };
}
