import { Link } from '../../../components/Link';
import { BagIcon, UserIcon } from '../../../components/icons';
import { HeartIcon, MapPinIcon } from '../../../components/moreIcons';
import { displayName, selectUser } from '../../../features/account/accountSlice';
import { useGetAddressesQuery } from '../../../features/account/api';
import { useGetWishlistQuery } from '../../../features/account/wishlistApi';
import { accountPaths } from '../../../lib/accountPaths';
import { useAppSelector } from '../../hooks';
import { PageHeader } from './PageHeader';
import styles from './DashboardPage.module.css';

function count(n: number | undefined, one: string, many: string, none: string): string {
  if (n === undefined) return '\u00a0';
  if (n === 0) return none;
  return `${n} ${n === 1 ? one : many}`;
}

/** /user/dashboard: a greeting and the way to everything else in the account. */
export function DashboardPage() {
  const user = useAppSelector(selectUser);
  const { data: addresses } = useGetAddressesQuery();
  const { data: wishlist } = useGetWishlistQuery();
  const since = user?.createdAt
    ? new Date(user.createdAt).toLocaleDateString('en-IN', { month: 'long', year: 'numeric' })
    : '';
  const defaultAddress = addresses?.find((address) => address.isDefault) ?? addresses?.[0];

  const tiles = [
    {
      to: accountPaths.userOrders,
      Icon: BagIcon,
      title: 'Orders',
      detail: 'Track deliveries, returns and exchanges.',
    },
    {
      to: accountPaths.userAddresses,
      Icon: MapPinIcon,
      title: 'Addresses',
      detail: count(addresses?.length, 'saved address', 'saved addresses', 'Add a delivery address'),
    },
    {
      to: accountPaths.userAccountDetails,
      Icon: UserIcon,
      title: 'Account details',
      detail: 'Name, phone, email and password.',
    },
    {
      to: accountPaths.userWishlist,
      Icon: HeartIcon,
      title: 'Wishlist',
      detail: count(wishlist?.items.length, 'saved piece', 'saved pieces', 'Nothing saved yet'),
    },
  ];

  return (
    <>
      <title>My account — drape</title>
      <PageHeader eyebrow="Dashboard" title={`Hello, ${displayName(user)}`}>
        {since ? `A drape member since ${since}. ` : ''}Check your orders, keep your addresses and details up to date,
        and find the pieces you saved.
      </PageHeader>
      <ul className={styles.tiles} aria-label="Your account">
        {tiles.map(({ to, Icon, title, detail }) => (
          <li key={to}>
            <Link to={to} className={styles.tile}>
              <span className={styles.icon}>
                <Icon size={22} />
              </span>
              <span className={styles.tileTitle}>{title}</span>
              <span className={styles.tileDetail}>{detail}</span>
              <span className={styles.arrow} aria-hidden="true">
                →
              </span>
            </Link>
          </li>
        ))}
      </ul>
      {defaultAddress && (
        <section className={styles.default} aria-labelledby="default-address">
          <h2 id="default-address" className={styles.defaultTitle}>
            Delivering to
          </h2>
          <p className={styles.defaultLine}>
            <strong>
              {defaultAddress.firstName} {defaultAddress.lastName}
            </strong>
            {defaultAddress.address ||
              [defaultAddress.address1, defaultAddress.address2, defaultAddress.city, defaultAddress.state, defaultAddress.pincode]
                .filter(Boolean)
                .join(', ')}
          </p>
          <Link to={accountPaths.userAddresses} className={styles.manage}>
            Manage addresses
          </Link>
        </section>
      )}
    </>
  );
}
