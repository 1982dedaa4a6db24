// What staff do to one order, wherever it is shown (the board's rows, the order page): move it
// to a status it may take next, refund it (admins), push it to Shiprocket again, confirm a
// cash-on-delivery order after a call (with a note). Each answers
// with a toast; a refused move (409: the courier or a colleague moved it meanwhile) refetches
// so the screen shows what the order is now.
import { useState, type ReactNode } from 'react';
import { useAppDispatch } from '../../../../app/hooks';
import type { ApiError } from '../../../../lib/api';
import { toastShown } from '../../../../lib/toast';
import { statusLabel } from '../../status';
import { useChangeOrderStatusMutation, useConfirmCodOrderMutation, useRefundOrderMutation, useRetryPushMutation } from '../api';
import type { AdminOrder } from '../types';
import { CodConfirmDialog, RefundDialog, StatusDialog } from './OrderDialogs';

function message(error: unknown, fallback: string): string {
  return (error as Partial<ApiError> | undefined)?.message || fallback;
}

/** The order actions and their dialogs (render `dialogs` once, anywhere on the page). */
export function useOrderActions(refetch: () => unknown): {
  changeStatus: (order: AdminOrder) => void;
  refund: (order: AdminOrder) => void;
  pushAgain: (order: AdminOrder) => Promise<void>;
  /** Opens the confirmation of a cash-on-delivery order (after a call, with a note). */
  confirmCod: (order: AdminOrder) => void;
  /** The order being pushed again, if any. */
  pushing: string | undefined;
  dialogs: ReactNode;
} {
  const dispatch = useAppDispatch();
  const [statusFor, setStatusFor] = useState<AdminOrder | null>(null);
  const [refundFor, setRefundFor] = useState<AdminOrder | null>(null);
  const [changeStatus, statusCall] = useChangeOrderStatusMutation();
  const [startRefund, refundCall] = useRefundOrderMutation();
  const [retryPush, retryCall] = useRetryPushMutation();
  const [confirmFor, setConfirmFor] = useState<AdminOrder | null>(null);
  const [confirmCod, confirmCall] = useConfirmCodOrderMutation();

  async function saveConfirmation(order: AdminOrder, note: string) {
    try {
      await confirmCod({ id: order._id, note }).unwrap();
      dispatch(toastShown({ message: `Order ${order.orderId} is confirmed: it goes to Shiprocket now` }));
    } catch (failure) {
      dispatch(toastShown({ message: message(failure, 'The order could not be confirmed'), type: 'error' }));
      void refetch();
    }
    setConfirmFor(null);
  }

  async function saveStatus(order: AdminOrder, orderStatus: string, note: string) {
    try {
      const moved = await changeStatus({ id: order._id, orderStatus, ...(note ? { note } : {}) }).unwrap();
      dispatch(toastShown({ message: `Order ${moved.orderId || order.orderId} is now ${statusLabel(moved.orderStatus || orderStatus)}` }));
    } catch (failure) {
      dispatch(toastShown({ message: message(failure, 'The status could not be changed'), type: 'error' }));
      void refetch();
    }
    setStatusFor(null);
  }

  async function confirmRefund(order: AdminOrder, reason: string) {
    try {
      await startRefund({ id: order._id, ...(reason ? { reason } : {}) }).unwrap();
      dispatch(toastShown({ message: `Refund started for order ${order.orderId}` }));
    } catch (failure) {
      dispatch(toastShown({ message: message(failure, 'The refund could not be started'), type: 'error' }));
    }
    setRefundFor(null);
  }

  async function pushAgain(order: AdminOrder) {
    try {
      await retryPush(order._id).unwrap();
      dispatch(toastShown({ message: `Pushing order ${order.orderId} to Shiprocket again`, type: 'info' }));
    } catch (failure) {
      dispatch(toastShown({ message: message(failure, 'The order could not be pushed again'), type: 'error' }));
    }
  }

  const dialogs = (
    <>
      {statusFor && (
        <StatusDialog
          order={statusFor}
          busy={statusCall.isLoading}
          onClose={() => setStatusFor(null)}
          onSubmit={(orderStatus, note) => void saveStatus(statusFor, orderStatus, note)}
        />
      )}
      {confirmFor && (
        <CodConfirmDialog
          order={confirmFor}
          busy={confirmCall.isLoading}
          onClose={() => setConfirmFor(null)}
          onConfirm={(note) => void saveConfirmation(confirmFor, note)}
        />
      )}
      {refundFor && (
        <RefundDialog
          order={refundFor}
          busy={refundCall.isLoading}
          onClose={() => setRefundFor(null)}
          onConfirm={(reason) => void confirmRefund(refundFor, reason)}
        />
      )}
    </>
  );

  return {
    changeStatus: setStatusFor,
    refund: setRefundFor,
    pushAgain,
    confirmCod: setConfirmFor,
    pushing: retryCall.isLoading ? retryCall.originalArgs : undefined,
    dialogs,
  };
}
