import { useMemo } from 'react';
import { useAppDispatch } from '../../app/hooks';
import { toastDismissed, toastShown } from './toastSlice';
import type { ToastRequest } from './types';

/** Shows toasts from anywhere: toast.show({message}), or toast.success/error/info(message). */
export function useToast() {
  const dispatch = useAppDispatch();
  return useMemo(
    () => ({
      show: (request: ToastRequest) => dispatch(toastShown(request)).payload.id,
      success: (message: string, durationMs?: number) =>
        dispatch(toastShown({ message, type: 'success', durationMs })).payload.id,
      error: (message: string, durationMs?: number) =>
        dispatch(toastShown({ message, type: 'error', durationMs })).payload.id,
      info: (message: string, durationMs?: number) =>
        dispatch(toastShown({ message, type: 'info', durationMs })).payload.id,
      dismiss: (id: string) => dispatch(toastDismissed(id)),
    }),
    [dispatch],
  );
}
