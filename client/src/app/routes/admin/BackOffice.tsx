// The back office's entrance (SPEC §2): /adminlogin (AdminLoginPage.tsx), /registeradmin
// (AdminStaffPage.tsx) and the guarded /admin/* area, each screen its own chunk, inside the
// frame of AdminShell.tsx (the bar with who is signed in and whether live updates are on, and
// the side navigation). Outside the storefront's header and footer.
import { Suspense, type ComponentType } from 'react';
import { Route, Switch, useLocation } from '../../../lib/router';
import { Redirect } from '../../../components/Redirect';
import { ButtonLink } from '../../../components/Button';
import { StateMessage } from '../../../components/StateMessage';
import { RequireAdmin } from '../../../features/account/components/RouteGuards';
import { accountPaths } from '../../../lib/accountPaths';
import { lazyPage } from '../../lazyPage';
import { AdminLoginPage } from './AdminLoginPage';
import { AdminShell } from './AdminShell';
import { RegisterAdminPage } from './AdminStaffPage';
import styles from './BackOffice.module.css';

// Every screen of /admin/* is its own chunk, loaded when staff first open it; the path is the
// part after /admin/ ("getproduct/:id"). A new screen is one line here (and one in AdminShell.tsx's `sections`).
const screens: Record<string, ComponentType> = {
  dashboard: lazyPage(() => import('./AdminDashboardPage'), 'AdminDashboardPage'),
  analytics: lazyPage(() => import('./AdminAnalyticsPage'), 'AdminAnalyticsPage'),
  orders: lazyPage(() => import('./AdminOrdersPage'), 'AdminOrdersPage'),
  delieveredorders: lazyPage(() => import('./AdminOrdersPage'), 'AdminDeliveredOrdersPage'),
  cancelorders: lazyPage(() => import('./AdminOrdersPage'), 'AdminCancelledOrdersPage'),
  returnorders: lazyPage(() => import('./AdminReturnsPage'), 'AdminReturnsPage'),
  ndr: lazyPage(() => import('./AdminNdrPage'), 'AdminNdrPage'),
  complaints: lazyPage(() => import('./AdminComplaintsPage'), 'AdminComplaintsPage'),
  shiprocketorders: lazyPage(() => import('./AdminOrdersPage'), 'AdminShiprocketOrdersPage'),
  'orders/:id': lazyPage(() => import('./AdminOrderPage'), 'AdminOrderPage'),
  addproduct: lazyPage(() => import('./AdminProductEditorPage'), 'AdminProductEditorPage'),
  'getproduct/:id': lazyPage(() => import('./AdminProductEditorPage'), 'AdminProductEditorPage'),
  productslist: lazyPage(() => import('./AdminProductsPage'), 'AdminProductsPage'),
  sale: lazyPage(() => import('./AdminSalesPage'), 'AdminSalesPage'),
  coupons: lazyPage(() => import('./AdminCouponsPage'), 'AdminCouponsPage'),
  users: lazyPage(() => import('./AdminCustomersPage'), 'AdminCustomersPage'),
  reviews: lazyPage(() => import('./AdminReviewsPage'), 'AdminReviewsPage'),
  'product-reviews': lazyPage(() => import('./AdminReviewsPage'), 'AdminProductReviewsPage'),
  'product-reviews/:productId': lazyPage(() => import('./AdminReviewsPage'), 'AdminProductReviewPage'),
  addcompany: lazyPage(() => import('./AdminCompanyPage'), 'AdminCompanyPage'),
  termsandconditions: lazyPage(() => import('./AdminContentPages'), 'AdminTermsPage'),
  returnpolicy: lazyPage(() => import('./AdminContentPages'), 'AdminReturnPolicyPage'),
  privacynotice: lazyPage(() => import('./AdminContentPages'), 'AdminPrivacyNoticePage'),
  'privacy-requests': lazyPage(() => import('./AdminPrivacyRequestsPage'), 'AdminPrivacyRequestsPage'),
  audit: lazyPage(() => import('./AdminAuditPage'), 'AdminAuditPage'),
  addcategory: lazyPage(() => import('./AdminCategoriesPage'), 'AdminCategoriesPage'),
  banners: lazyPage(() => import('./AdminBannersPage'), 'AdminBannersPage'),
  payment: lazyPage(() => import('./AdminPaymentPage'), 'AdminPaymentPage'),
  updatepassword: lazyPage(() => import('./AdminPasswordPages'), 'AdminUpdatePasswordPage'),
  resetpassword: lazyPage(() => import('./AdminPasswordPages'), 'AdminResetPasswordPage'),
};

/** /admin/*: the guarded back office. */
export function AdminArea() {
  return (
    <RequireAdmin>
      <AdminShell>
        <Switch>
          <Route path={accountPaths.admin}>
            <Redirect to={accountPaths.adminDashboard} />
          </Route>
          {Object.entries(screens).map(([path, Screen]) => (
            <Route key={path} path={`${accountPaths.admin}/${path}`}>
              <Suspense fallback={<p className={styles.loading}>Loading...</p>}>
                <Screen />
              </Suspense>
            </Route>
          ))}
          <Route>
            <StateMessage headingLevel={1} title="No such screen" detail="The address names no screen of the back office; the menu on the left has them all.">
              <ButtonLink to={accountPaths.adminDashboard} variant="secondary">
                Back to the dashboard
              </ButtonLink>
            </StateMessage>
          </Route>
        </Switch>
      </AdminShell>
    </RequireAdmin>
  );
}

/** The back office's routes in one lazily loaded chunk: /adminlogin, /registeradmin and /admin/*. */
export function BackOfficeRoutes() {
  const path = useLocation().pathname.toLowerCase();
  if (path === accountPaths.adminLogin) return <AdminLoginPage />;
  if (path === accountPaths.registerAdmin) return <RegisterAdminPage />;
  return <AdminArea />;
}
