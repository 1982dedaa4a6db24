import { useEffect } from 'react';
import { useLocation } from 'react-router';

export const scrollDelayMs = 100;

/** Scrolls the window to the top 100 ms after every route change (SPEC §2), pages of a listing included. */
export function ScrollToTop() {
  const { pathname, search } = useLocation();
  useEffect(() => {
    const timer = window.setTimeout(() => window.scrollTo({ top: 0, left: 0, behavior: 'instant' }), scrollDelayMs);
    return () => window.clearTimeout(timer);
  }, [pathname, search]);
  return null;
}
