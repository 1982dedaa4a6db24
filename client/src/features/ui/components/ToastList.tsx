import { Toast } from '../../../components/Toast';
import { useAppDispatch, useAppSelector } from '../../../app/hooks';
import { selectToasts, toastDismissed, toastProgressIntervalMs } from '../toastSlice';

/** The toast queue's toasts, newest last, each with its timer and dismiss button. */
export function ToastList() {
  const dispatch = useAppDispatch();
  const toasts = useAppSelector(selectToasts);
  return toasts.map((toast) => (
    <Toast
      key={toast.id}
      message={toast.message}
      kind={toast.type}
      durationMs={toast.durationMs}
      tickMs={toastProgressIntervalMs}
      onDismiss={() => dispatch(toastDismissed(toast.id))}
    />
  ));
}
