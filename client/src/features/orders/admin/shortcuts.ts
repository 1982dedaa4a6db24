// The order board's keys, as a working tool has them: "/" goes to the search box, j and k to the
// next and previous order (its number's link, so Enter opens it). Never while typing in a field,
// with a modifier held, or while a dialog is open.
import { useEffect, type RefObject } from 'react';

/** orderShortcuts is the hint the board shows for its keys. */
export const orderShortcuts = 'Press / to search, j and k for the next and previous order, Enter to open it';

function typing(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false;
  return target.isContentEditable || ['INPUT', 'TEXTAREA', 'SELECT'].includes(target.tagName);
}

/** useOrderShortcuts listens for the board's keys while it is shown. */
export function useOrderShortcuts(search: RefObject<HTMLInputElement | null>, table: RefObject<HTMLTableElement | null>) {
  useEffect(() => {
    function onKey(event: KeyboardEvent) {
      if (event.defaultPrevented || event.altKey || event.ctrlKey || event.metaKey || typing(event.target)) return;
      if (document.querySelector('[role="dialog"], dialog[open]')) return;
      if (event.key === '/') {
        event.preventDefault();
        search.current?.focus();
        search.current?.select();
        return;
      }
      if (event.key !== 'j' && event.key !== 'k') return;
      const links = Array.from(table.current?.querySelectorAll<HTMLAnchorElement>('tbody[data-order] a[data-order-link]') ?? []);
      if (links.length === 0) return;
      event.preventDefault();
      const current = links.findIndex((link) => link.closest('tbody')?.contains(document.activeElement));
      const next = current === -1 ? (event.key === 'j' ? 0 : links.length - 1) : Math.min(links.length - 1, Math.max(0, current + (event.key === 'j' ? 1 : -1)));
      const link = links[next];
      link?.focus({ preventScroll: true });
      link?.scrollIntoView({ block: 'nearest', behavior: 'instant' });
    }
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [search, table]);
}
