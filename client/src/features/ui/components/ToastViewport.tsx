import { ToastList } from './ToastList';
import { ToastRegion } from './ToastRegion';

/** The toast queue at the top right of the page, its code loaded up front (the back office's; see DeferredToastViewport). */
export function ToastViewport() {
  return (
    <ToastRegion>
      <ToastList />
    </ToastRegion>
  );
}
