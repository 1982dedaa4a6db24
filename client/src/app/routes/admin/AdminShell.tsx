// The frame of every signed-in back-office page: the bar (who is signed in, whether live
// updates are on, the theme, Sign out) and the side navigation of the back office's sections.
import { useEffect, type ReactNode } from 'react';
import { useLocation } from '../../../lib/router';
import { Link } from '../../../components/Link';
import { GridIcon, ShieldIcon, LogOutIcon, ReturnIcon, TruckIcon } from '../../../components/moreIcons';
import { TagIcon } from '../../../components/orderIcons';
import { BagIcon, CloseIcon, UserIcon } from '../../../components/icons';
import { displayName } from '../../../features/account/accountSlice';
import { useGetAdminProfileQuery } from '../../../features/account/adminApi';
import { adminSignedOut, selectAdmin } from '../../../features/account/adminSlice';
import { revokeTokens } from '../../../features/account/revoke';
import { StarIcon } from '../../../features/reviews/components/StarIcon';
import { ThemeToggle } from '../../../features/ui/components/ThemeToggle';
import { ToastViewport } from '../../../features/ui/components/ToastViewport';
import { accountPaths } from '../../../lib/accountPaths';
import { browser } from '../../../lib/browser';
import { useAppDispatch, useAppSelector } from '../../hooks';
import { ScrollToTop } from '../../shell/ScrollToTop';
import styles from './BackOffice.module.css';
import { LiveStatus } from './LiveStatus';

// A new screen is one line in BackOffice.tsx's `screens` and one here.
const adminOrdersPath = `${accountPaths.admin}/orders`;
const adminAuditPath = `${accountPaths.admin}/audit`;
const adminCustomersPath = `${accountPaths.admin}/users`;
const adminProductsPath = `${accountPaths.admin}/productslist`;

const sections = [
  { group: 'Overview', to: accountPaths.adminDashboard, label: 'Dashboard', icon: GridIcon },
  { group: 'Overview', to: `${accountPaths.admin}/analytics`, label: 'Analytics', icon: GridIcon },
  { group: 'Orders & shipping', to: adminOrdersPath, label: 'Orders', icon: TagIcon },
  { group: 'Orders & shipping', to: `${accountPaths.admin}/delieveredorders`, label: 'Delivered', icon: TruckIcon },
  { group: 'Orders & shipping', to: `${accountPaths.admin}/cancelorders`, label: 'Cancelled', icon: CloseIcon },
  { group: 'Orders & shipping', to: `${accountPaths.admin}/returnorders`, label: 'Returns', icon: ReturnIcon },
  { group: 'Orders & shipping', to: `${accountPaths.admin}/ndr`, label: 'Failed deliveries', icon: TruckIcon },
  { group: 'Orders & shipping', to: `${accountPaths.admin}/shiprocketOrders`, label: 'Shiprocket', icon: TruckIcon },
  { group: 'Catalog', to: adminProductsPath, label: 'Products', icon: BagIcon },
  { group: 'Catalog', to: `${accountPaths.admin}/addcategory`, label: 'Categories', icon: GridIcon },
  { group: 'Catalog', to: `${accountPaths.admin}/banners`, label: 'Banners', icon: GridIcon },
  { group: 'Catalog', to: `${accountPaths.admin}/sale`, label: 'Sales', icon: TagIcon, adminOnly: true },
  { group: 'Catalog', to: `${accountPaths.admin}/coupons`, label: 'Coupons', icon: TagIcon, adminOnly: true },
  { group: 'Catalog', to: `${accountPaths.admin}/reviews`, label: 'Reviews', icon: StarIcon },
  { group: 'People', to: adminCustomersPath, label: 'Customers', icon: UserIcon },
  { group: 'People', to: `${accountPaths.admin}/complaints`, label: 'Complaints', icon: ShieldIcon },
  { group: 'People', to: accountPaths.registerAdmin, label: 'Team accounts', icon: UserIcon, adminOnly: true },
  { group: 'People', to: `${accountPaths.admin}/resetpassword`, label: 'Team passwords', icon: ShieldIcon, adminOnly: true },
  { group: 'People', to: `${accountPaths.admin}/Updatepassword`, label: 'My password', icon: ShieldIcon },
  { group: 'People', to: `${accountPaths.admin}/privacy-requests`, label: 'Privacy requests', icon: ShieldIcon },
  { group: 'Shop', to: `${accountPaths.admin}/payment`, label: 'Payments', icon: TagIcon, adminOnly: true },
  { group: 'Shop', to: `${accountPaths.admin}/addcompany`, label: 'Company', icon: GridIcon },
  { group: 'Shop', to: `${accountPaths.admin}/termsandconditions`, label: 'Terms', icon: ShieldIcon },
  { group: 'Shop', to: `${accountPaths.admin}/returnpolicy`, label: 'Return policy', icon: ReturnIcon },
  { group: 'Shop', to: `${accountPaths.admin}/privacynotice`, label: 'Privacy notice', icon: ShieldIcon },
  { group: 'Shop', to: adminAuditPath, label: 'Audit log', icon: ShieldIcon, adminOnly: true },
] as const;

/** The back office's sections: a column beside the page on wide screens, a row of tabs on narrow ones. */
function SideNav() {
  const path = useLocation().pathname.toLowerCase();
  const isAdmin = useAppSelector(selectAdmin)?.role === 'admin';
  return (
    <nav className={styles.side} aria-label="Back office">
      <ul>
        {sections.filter((section) => isAdmin || !('adminOnly' in section)).map(({ group, to, label, icon: Icon }, index, shown) => {
          const target = to.toLowerCase();
          const current = path === target || path.startsWith(`${target}/`);
          return (
            <li key={to} data-group={group}>
              {shown[index - 1]?.group !== group && (
                <span className={styles.group} aria-hidden="true">
                  {group}
                </span>
              )}
              <Link to={to} className={styles.sideLink} aria-current={current ? 'page' : undefined}>
                <Icon size={18} />
                {label}
              </Link>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}

function Brand() {
  return (
    <Link to={accountPaths.adminDashboard} className={styles.brand}>
      drape <span>Back office</span>
    </Link>
  );
}

/** The frame of a signed-in back-office page: the bar with who is signed in and Sign out. */
export function AdminShell({ children }: { children: ReactNode }) {
  const dispatch = useAppDispatch();
  const admin = useAppSelector(selectAdmin);
  const connection = useAppSelector((state) => state.connection.status);
  useGetAdminProfileQuery();
  // The back office is set in the system's font (BackOffice.module.css): the storefront's
  // display serif stays on the storefront. On <html>, so dialogs and toasts follow.
  useEffect(() => {
    document.documentElement.setAttribute('data-back-office', '');
    return () => document.documentElement.removeAttribute('data-back-office');
  }, []);
  return (
    <div className={styles.shell}>
      <header className={styles.bar}>
        <Brand />
        <div className={styles.who}>
          <LiveStatus status={connection} className={styles.live} />
          <span className={styles.theme}>
            <ThemeToggle />
          </span>
          <span className={styles.person}>
            <UserIcon size={18} />
            <span>
              {displayName(admin ?? null)}
              {admin?.role && <span className={styles.role}>{admin.role}</span>}
            </span>
          </span>
          <button
            type="button"
            className={styles.signOut}
            onClick={() => {
              // Like the shop's Logout: the server revokes the token, then forget the session and
              // start afresh at the sign-in page.
              void revokeTokens(dispatch, { shop: false }).finally(() => {
                dispatch(adminSignedOut());
                browser.assign(accountPaths.adminLogin);
              });
            }}
          >
            <LogOutIcon size={18} />
            Sign out
          </button>
        </div>
      </header>
      <div className={styles.frame}>
        <SideNav />
        <main id="main" className={styles.main}>
          {children}
        </main>
      </div>
      {/* A section opens at its top, as the shop's pages do, not where the last one was scrolled to. */}
      <ScrollToTop />
      <ToastViewport />
    </div>
  );
}

