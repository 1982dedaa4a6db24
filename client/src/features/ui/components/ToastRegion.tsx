import { lazy, Suspense, type ReactNode } from 'react';
import { createPortal } from 'react-dom';
import { useAppSelector } from '../../../app/hooks';
import { selectToasts } from '../toastSlice';
import styles from './ToastRegion.module.css';

/**
 * Where toasts show, top right. It sits outside the app root so toasts stay visible and
 * reachable above an open dialog (which makes the root inert), and is always there, so screen
 * readers know the region before a toast arrives.
 */
export function ToastRegion({ children }: { children?: ReactNode }) {
  return createPortal(
    <section aria-label="Notifications">
      <ol className={styles.viewport}>{children}</ol>
    </section>,
    document.body,
  );
}

const ToastList = lazy(() => import('./ToastList').then((module) => ({ default: module.ToastList })));

/**
 * The storefront's toast region (RootLayout): the toasts' own code loads with the first toast,
 * as most visits show none. ToastViewport is the same with that code loaded up front.
 */
export function DeferredToastViewport() {
  const shown = useAppSelector((state) => selectToasts(state).length > 0);
  return (
    <ToastRegion>
      {shown && (
        <Suspense fallback={null}>
          <ToastList />
        </Suspense>
      )}
    </ToastRegion>
  );
}
