import { Suspense } from 'react';
import { Outlet } from 'react-router-dom';
import { Loader } from '../../components/Loader';
import { SaleBanner } from '../../features/sale/components/SaleBanner';
import { ToastViewport } from '../../features/ui/components/ToastViewport';
import { Footer } from './Footer';
import { Header } from './Header';
import { ScrollToTop } from './ScrollToTop';
import styles from './RootLayout.module.css';

/** Header, sale banner, the page, footer and toasts: the frame every storefront page sits in. */
export function RootLayout() {
  return (
    <div className={styles.app}>
      <a href="#main" className="skip-link">
        Skip to content
      </a>
      <Header />
      <SaleBanner />
      <main id="main" className={styles.main} tabIndex={-1}>
        <Suspense fallback={<Loader />}>
          <Outlet />
        </Suspense>
      </main>
      <Footer />
      <ToastViewport />
      <ScrollToTop />
    </div>
  );
}
