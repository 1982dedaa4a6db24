import { useEffect, useRef, type KeyboardEvent, type ReactNode, type RefObject } from 'react';
import { createPortal } from 'react-dom';
import { CloseIcon } from './icons';
import styles from './Dialog.module.css';

const focusable =
  'a[href], button:not([disabled]), input:not([disabled]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"])';

let openDialogs = 0;

/**
 * A modal dialog: rendered over the page, focus kept inside (Tab wraps), Esc or the backdrop
 * closes it, the page behind does not scroll, and focus returns to where it was on close.
 */
export function Dialog({
  labelledBy,
  onClose,
  children,
  className,
  initialFocus,
  closeLabel = 'Close',
  variant = 'panel',
}: {
  labelledBy: string;
  onClose: () => void;
  children: ReactNode;
  className?: string;
  initialFocus?: RefObject<HTMLElement | null>;
  closeLabel?: string;
  /** panel: centred; sheet: from the bottom on phones; drawer: slides in from the right, full width on phones. */
  variant?: 'panel' | 'sheet' | 'drawer';
}) {
  const panel = useRef<HTMLDivElement>(null);
  const onCloseRef = useRef(onClose);
  onCloseRef.current = onClose;

  useEffect(() => {
    const returnTo = document.activeElement as HTMLElement | null;
    const target = initialFocus?.current ?? panel.current;
    target?.focus({ preventScroll: true });

    openDialogs += 1;
    const root = document.getElementById('root');
    const previousOverflow = document.body.style.overflow;
    document.body.style.overflow = 'hidden';
    root?.setAttribute('inert', '');
    return () => {
      openDialogs -= 1;
      if (openDialogs === 0) {
        document.body.style.overflow = previousOverflow;
        root?.removeAttribute('inert');
      }
      if (returnTo && document.contains(returnTo)) returnTo.focus({ preventScroll: true });
    };
    // Runs once per opening: initialFocus is read on mount only.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  function onKeyDown(event: KeyboardEvent<HTMLDivElement>) {
    if (event.key === 'Escape') {
      event.stopPropagation();
      onCloseRef.current();
      return;
    }
    if (event.key !== 'Tab' || !panel.current) return;
    const items = [...panel.current.querySelectorAll<HTMLElement>(focusable)].filter(
      (element) => !element.closest('[inert]') && element.getClientRects().length > 0,
    );
    const candidates = items.length > 0 ? items : [...panel.current.querySelectorAll<HTMLElement>(focusable)];
    const first = candidates[0];
    const last = candidates.at(-1);
    if (!first || !last) {
      event.preventDefault();
      return;
    }
    const active = document.activeElement;
    if (event.shiftKey && (active === first || active === panel.current)) {
      event.preventDefault();
      last.focus();
    } else if (!event.shiftKey && active === last) {
      event.preventDefault();
      first.focus();
    }
    event.stopPropagation();
  }

  return createPortal(
    // The variant is an attribute, not a class: a class named after it would be the panel's own
    // (.panel), which made the default variant's layer an in-flow box at the end of the page.
    // eslint-disable-next-line jsx-a11y/no-static-element-interactions -- the layer keeps Tab inside the dialog and closes it on Escape; it is no control itself
    <div className={styles.layer} data-variant={variant} onKeyDown={onKeyDown}>
      <div className={styles.backdrop} onClick={() => onCloseRef.current()} aria-hidden="true" />
      <div
        ref={panel}
        className={[styles.panel, className].filter(Boolean).join(' ')}
        role="dialog"
        aria-modal="true"
        aria-labelledby={labelledBy}
        tabIndex={-1}
      >
        <button type="button" className={styles.close} onClick={() => onCloseRef.current()} aria-label={closeLabel}>
          <CloseIcon size={20} />
        </button>
        {children}
      </div>
    </div>,
    document.body,
  );
}
