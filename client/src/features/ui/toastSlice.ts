// The toast queue lives in lib/toast.ts so every feature can show toasts; the ui feature renders it.
export {
  defaultToastDurationMs,
  toastProgressIntervalMs,
  toastSlice,
  toastShown,
  toastDismissed,
  selectToasts,
  type ToastState,
} from '../../lib/toast';
