import { useEffect } from 'react';
import { useLocation } from 'react-router-dom';

export const scrollDelayMs = 100;

/** Scrolls the window to the top 100 ms after every route change (SPEC §2). */
export function ScrollToTop() {
  const { pathname } = useLocation();
  useEffect(() => {
    const timer = window.setTimeout(() => window.scrollTo({ top: 0, left: 0, behavior: 'instant' }), scrollDelayMs);
    return () => window.clearTimeout(timer);
  }, [pathname]);
  return null;
}
