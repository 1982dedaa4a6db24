import { lazy, Suspense, useEffect, useLayoutEffect, useRef, useState, type ReactNode } from 'react';
import { useLocation } from '../../lib/router';
import { Loader } from '../../components/Loader';
import { selectSignInPrompt } from '../../features/account/accountSlice';
import { selectCartDrawerOpen, selectCartNotice } from '../../features/cart/cartSlice';
import { SaleBanner } from '../../features/sale/components/SaleBanner';
import { DeferredToastViewport } from '../../features/ui/components/ToastRegion';
import { resetPageHead } from '../../lib/pageHead';
import { useAppSelector } from '../hooks';
import { CrashPage } from './CrashPage';
import { ErrorBoundary } from './ErrorBoundary';
import { Header, loadSignInPopup } from './Header';
import { ScrollToTop } from './ScrollToTop';
import styles from './RootLayout.module.css';

// Below the fold on every page: its code loads when the shopper comes near it (FooterWhenNear).
const Footer = lazy(() => import('./Footer').then((module) => ({ default: module.Footer })));
// The sign-in popup's code loads when it first opens.
const SignInPopup = lazy(() => loadSignInPopup().then((module) => ({ default: module.SignInPopup })));
// The 'Item added to your cart' banner and the cart drawer (with the cart calls) load with the
// first add.
const CartShell = lazy(() => import('./CartShell').then((module) => ({ default: module.CartShell })));

/** Header, sale banner, the page, footer and toasts: the frame every storefront page sits in. */
export function RootLayout({ children }: { children: ReactNode }) {
  const { pathname, search } = useLocation();
  // Before the page's own head (usePageHead runs in a later, passive effect).
  useLayoutEffect(resetPageHead, [pathname, search]);
  const signInOpen = useAppSelector(selectSignInPrompt) !== null;
  const cartShown = useAppSelector((state) => selectCartDrawerOpen(state) || selectCartNotice(state) !== null);
  return (
    <div className={styles.app}>
      <a href="#main" className="skip-link">
        Skip to content
      </a>
      <Header />
      <SaleBanner />
      <div role="status" aria-live="polite">
        {cartShown && (
          <Suspense fallback={null}>
            <CartShell />
          </Suspense>
        )}
      </div>
      <main id="main" className={styles.main} tabIndex={-1}>
        <ErrorBoundary resetKey={pathname} fallback={(error) => <CrashPage error={error} />}>
          <Suspense fallback={<Loader />}>
            {children}
          </Suspense>
        </ErrorBoundary>
      </main>
      <FooterWhenNear />
      {signInOpen && (
        <Suspense fallback={null}>
          <SignInPopup />
        </Suspense>
      )}
      <DeferredToastViewport />
      <ScrollToTop />
    </div>
  );
}

/**
 * The footer, once its place at the end of the page comes into view: a shopper who opens a
 * listing and never scrolls down downloads none of its code. The page is at least a screen tall
 * (RootLayout.module.css), so its place starts below the first screen, even while a page loads.
 */
function FooterWhenNear() {
  const [near, setNear] = useState(false);
  const place = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (near) return;
    if (typeof IntersectionObserver === 'undefined') return setNear(true);
    const observer = new IntersectionObserver((entries) => entries.some((entry) => entry.isIntersecting) && setNear(true));
    observer.observe(place.current!);
    return () => observer.disconnect();
  }, [near]);
  return near ? (
    <Suspense fallback={null}>
      <Footer />
    </Suspense>
  ) : (
    <div ref={place} className={styles.footerPlace} />
  );
}
