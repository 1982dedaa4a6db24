import { useEffect, useRef } from 'react';
import { useLocation } from '../../lib/router';
import { cameWithFirstScreen } from '../../lib/firstScreen';

export const scrollDelayMs = 100;

/**
 * Scrolls the window to the top 100 ms after every route change (SPEC §2), pages of a listing
 * included; not on arrival when the page came with the server's first screen, which the shopper
 * may already have scrolled.
 */
export function ScrollToTop() {
  const { pathname, search } = useLocation();
  const arrived = useRef(!cameWithFirstScreen);
  useEffect(() => {
    if (!arrived.current) {
      arrived.current = true;
      return;
    }
    const timer = window.setTimeout(() => window.scrollTo({ top: 0, left: 0, behavior: 'instant' }), scrollDelayMs);
    return () => window.clearTimeout(timer);
  }, [pathname, search]);
  return null;
}
