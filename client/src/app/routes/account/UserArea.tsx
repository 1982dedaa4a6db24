// /user/* (SPEC §2): the signed-in shopper's area behind the user-route guard. A side menu
// (a row of tabs on phones) and the page: dashboard, orders, addresses, account details, wishlist,
// reviews and coupons. Orders, reviews and coupons load in a chunk of their own when first opened.
import { Suspense } from 'react';
import { Route, Switch } from '../../../lib/router';
import { Redirect } from '../../../components/Redirect';
import { NavLink } from '../../../components/Link';
import { BagIcon, UserIcon } from '../../../components/icons';
import { GridIcon, HeartIcon, LogOutIcon, MapPinIcon } from '../../../components/moreIcons';
import { TagIcon } from '../../../components/orderIcons';
import { Spinner } from '../../../components/Spinner';
import { displayName, selectUser } from '../../../features/account/accountSlice';
import { useGetProfileQuery } from '../../../features/account/api';
import { RequireUser } from '../../../features/account/components/RouteGuards';
import { StarIcon } from '../../../features/reviews/components/StarIcon';
import { accountPaths } from '../../../lib/accountPaths';
import { useAppSelector } from '../../hooks';
import { lazyPage } from '../../lazyPage';
import { useSession } from '../../session';
import { NotFoundPage } from '../NotFoundPage';
import { AccountDetailsPage } from './AccountDetailsPage';
import { AddressesPage } from './AddressesPage';
import { DashboardPage } from './DashboardPage';
import { WishlistPage } from './WishlistPage';
import styles from './UserArea.module.css';

const OrdersPage = lazyPage(() => import('./OrdersPage'), 'OrdersPage');
const CouponsPage = lazyPage(() => import('./CouponsPage'), 'CouponsPage');
const ReviewsPage = lazyPage(() => import('./ReviewsPage'), 'ReviewsPage');

const sections = [
  { to: accountPaths.userDashboard, label: 'Dashboard', Icon: GridIcon },
  { to: accountPaths.userOrders, label: 'Orders', Icon: BagIcon },
  { to: accountPaths.userAddresses, label: 'Addresses', Icon: MapPinIcon },
  { to: accountPaths.userAccountDetails, label: 'Account details', Icon: UserIcon },
  { to: accountPaths.userWishlist, label: 'Wishlist', Icon: HeartIcon },
  { to: accountPaths.userReviews, label: 'Reviews', Icon: StarIcon },
  { to: accountPaths.userCoupons, label: 'Coupons', Icon: TagIcon },
];

export function UserArea() {
  return (
    <RequireUser>
      <UserLayout />
    </RequireUser>
  );
}

function UserLayout() {
  const user = useAppSelector(selectUser);
  const { signOut } = useSession();
  // SPEC §6: the profile is asked for only with a token (the guard made sure); it refreshes the header's name.
  useGetProfileQuery();

  return (
    <div className={styles.area}>
      <aside className={styles.sidebar}>
        <div className={styles.who}>
          <p className={styles.eyebrow}>My account</p>
          <p className={styles.name}>{displayName(user)}</p>
          {user?.email && <p className={styles.email}>{user.email}</p>}
        </div>
        <nav aria-label="My account" className={styles.nav}>
          <ul>
            {sections.map(({ to, label, Icon }) => (
              <li key={to}>
                <NavLink to={to}>
                  <Icon size={18} />
                  {label}
                </NavLink>
              </li>
            ))}
          </ul>
        </nav>
        <button type="button" className={styles.logout} onClick={() => signOut()}>
          <LogOutIcon size={18} />
          Logout
        </button>
      </aside>
      <div className={styles.content}>
        <Suspense
          fallback={
            <div className={styles.pageLoading}>
              <Spinner size={28} label="Loading" />
            </div>
          }
        >
          <Switch>
            <Route path={accountPaths.user}>
              <Redirect to={accountPaths.userDashboard} />
            </Route>
            <Route path={accountPaths.userDashboard} component={DashboardPage} />
            <Route path={accountPaths.userOrders} component={OrdersPage} />
            <Route path={accountPaths.userAddresses} component={AddressesPage} />
            <Route path={accountPaths.userAccountDetails} component={AccountDetailsPage} />
            <Route path={accountPaths.userWishlist} component={WishlistPage} />
            <Route path={accountPaths.userReviews} component={ReviewsPage} />
            <Route path={accountPaths.userCoupons} component={CouponsPage} />
            <Route component={NotFoundPage} />
          </Switch>
        </Suspense>
      </div>
    </div>
  );
}

/** /account: the account details, through the guard (signed out, that is the sign-in prompt). */
export function AccountRedirect() {
  return <Redirect to={accountPaths.userAccountDetails} />;
}
