import { createPortal } from 'react-dom';
import { Toast, toastViewportClassName } from '../../../components/Toast';
import { useAppDispatch, useAppSelector } from '../../../app/hooks';
import { selectToasts, toastDismissed, toastProgressIntervalMs } from '../toastSlice';

/**
 * Renders the toast queue at the top right of the page. It sits outside the app root so toasts
 * stay visible and reachable above an open dialog (which makes the root inert).
 */
export function ToastViewport() {
  const dispatch = useAppDispatch();
  const toasts = useAppSelector(selectToasts);
  return createPortal(
    <section aria-label="Notifications">
      <ol className={toastViewportClassName}>
        {toasts.map((toast) => (
          <Toast
            key={toast.id}
            message={toast.message}
            kind={toast.type}
            durationMs={toast.durationMs}
            tickMs={toastProgressIntervalMs}
            onDismiss={() => dispatch(toastDismissed(toast.id))}
          />
        ))}
      </ol>
    </section>,
    document.body,
  );
}
