import { useEffect } from 'react';
import { Link } from '../../components/Link';
import { BagIcon, UserIcon } from '../../components/icons';
import { HeartIcon, LogOutIcon } from '../../components/moreIcons';
import { displayName, selectToken, selectUser, signInOpened } from '../../features/account/accountSlice';
import { SearchBox } from '../../features/catalog/components/SearchBox';
import { ShopLinks } from '../../features/catalog/components/ShopLinks';
import { ThemeToggle } from '../../features/ui/components/ThemeToggle';
import { accountPaths } from '../../lib/accountPaths';
import { paths } from '../../lib/paths';
import { useAppDispatch, useAppSelector } from '../hooks';
import { useSession } from '../session';
import styles from './MobileMenu.module.css';

/**
 * The full-width menu that opens from the hamburger under 640px, the categories first; following a
 * link closes it. The theme toggle lives here on phones, where the header keeps search, account and cart.
 */
export function MobileMenu({ id, open, onClose }: { id: string; open: boolean; onClose: () => void }) {
  useEffect(() => {
    if (!open) return;
    const previousOverflow = document.body.style.overflow;
    document.body.style.overflow = 'hidden';
    function onKeyDown(event: KeyboardEvent) {
      if (event.key === 'Escape') onClose();
    }
    document.addEventListener('keydown', onKeyDown);
    return () => {
      document.body.style.overflow = previousOverflow;
      document.removeEventListener('keydown', onKeyDown);
    };
  }, [open, onClose]);

  return (
    // eslint-disable-next-line jsx-a11y/click-events-have-key-events, jsx-a11y/no-noninteractive-element-interactions -- it only notices a followed link to close the drawer: the links are the controls, and Enter on a link clicks it
    <nav
      id={id}
      className={styles.drawer}
      hidden={!open}
      aria-label="Mobile"
      onClick={(event) => {
        if ((event.target as HTMLElement).closest('a')) onClose();
      }}
    >
      <div className={styles.section}>
        <h2 className={styles.heading}>Shop</h2>
        <ShopLinks className={styles.shopLinks} />
      </div>
      <div className={styles.section}>
        <SearchBox id="mobile-search" variant="large" />
      </div>
      <div className={styles.section}>
        <AccountLinks />
      </div>
      <div className={styles.section}>
        <ul className={styles.links}>
          <li>
            <Link to={paths.home}>Home</Link>
          </li>
          <li>
            <Link to={paths.bestSellers}>Best Seller</Link>
          </li>
          <li>
            <Link to={paths.aboutUs}>About</Link>
          </li>
          <li>
            <Link to={paths.contactUs}>Contact Us</Link>
          </li>
        </ul>
      </div>
      <div className={`${styles.section} ${styles.theme}`}>
        <span>Theme</span>
        <ThemeToggle />
      </div>
    </nav>
  );
}

/** Sign In (the popup) for guests; the account links and Logout once signed in. */
function AccountLinks() {
  const dispatch = useAppDispatch();
  const token = useAppSelector(selectToken);
  const user = useAppSelector(selectUser);
  const { signOut } = useSession();
  if (!token) {
    return (
      <Link
        to={paths.login}
        className={styles.account}
        onClick={(event) => {
          event.preventDefault();
          dispatch(signInOpened());
        }}
      >
        <UserIcon size={20} />
        Sign In
      </Link>
    );
  }
  return (
    <>
      <h2 className={styles.heading}>Hello, {displayName(user)}</h2>
      <ul className={styles.accountLinks} aria-label="Account">
        <li>
          <Link to={accountPaths.userAccountDetails} className={styles.account}>
            <UserIcon size={20} />
            Account Details
          </Link>
        </li>
        <li>
          <Link to={accountPaths.userOrders} className={styles.account}>
            <BagIcon size={20} />
            Orders
          </Link>
        </li>
        <li>
          <Link to={accountPaths.userWishlist} className={styles.account}>
            <HeartIcon size={20} />
            Wishlist
          </Link>
        </li>
        <li>
          <button type="button" className={`${styles.account} ${styles.logout}`} onClick={() => signOut()}>
            <LogOutIcon size={20} />
            Logout
          </button>
        </li>
      </ul>
    </>
  );
}
