import { lazy, Suspense, useCallback, useEffect, useState } from 'react';
import { useLocation } from '../../lib/router';
import { Link, NavLink } from '../../components/Link';
import { BagIcon, MenuIcon, CloseIcon, SearchIcon, UserIcon } from '../../components/icons';
import { displayName, selectToken, selectUser, signInOpened } from '../../features/account/accountSlice';
import { SearchBox } from '../../features/catalog/components/SearchBox';
import { ShopMenu } from '../../features/catalog/components/ShopMenu';
import { selectCartItemCount, selectServerCartCount } from '../../features/cart/cartSlice';
import { ThemeToggle } from '../../features/ui/components/ThemeToggle';
import { brandName } from '../../lib/brandName';
import { paths } from '../../lib/paths';
import { useAppDispatch, useAppSelector } from '../hooks';
import { usePageLoading } from '../lazyPage';
import styles from './Header.module.css';

const mobileMenuId = 'mobile-menu';

// The mobile menu's code loads when it is first opened (or about to be).
const loadMobileMenu = () => import('./MobileMenu');
const MobileMenu = lazy(() => loadMobileMenu().then((module) => ({ default: module.MobileMenu })));
const loadAccountMenu = () => import('./AccountMenu');
const AccountMenu = lazy(() => loadAccountMenu().then((module) => ({ default: module.AccountMenu })));
/** The sign-in popup's code: RootLayout shows it; Sign In fetches it when the pointer comes near. */
export const loadSignInPopup = () => import('./SignInPopup');
const preloadSignIn = () => void loadSignInPopup();

export function Header() {
  const [menuOpen, setMenuOpen] = useState(false);
  const cartCount = useCartCount();
  const pageLoading = usePageLoading();
  const location = useLocation();
  const navLinkClass = styles.navLink;
  const closeMenu = useCallback(() => setMenuOpen(false), []);

  useEffect(closeMenu, [location.pathname, location.search, closeMenu]);

  return (
    <>
      <header className={styles.header}>
        <div className={styles.bar}>
          <div className={styles.start}>
            <button
              type="button"
              className={styles.menuButton}
              aria-expanded={menuOpen}
              aria-controls={mobileMenuId}
              aria-label={menuOpen ? 'Close menu' : 'Open menu'}
              onClick={() => setMenuOpen((wasOpen) => !wasOpen)}
              onPointerEnter={() => void loadMobileMenu()}
              onTouchStart={() => void loadMobileMenu()}
            >
              {menuOpen ? <CloseIcon /> : <MenuIcon />}
            </button>
            <Link to={paths.home} className={styles.brand} aria-label={`${brandName} home`}>
              {brandName}
            </Link>
          </div>

          <nav className={styles.nav} aria-label="Main">
            <ul className={styles.navList}>
              <li>
                <NavLink to={paths.home} end className={navLinkClass}>
                  Home
                </NavLink>
              </li>
              <li>
                <ShopMenu />
              </li>
              <li>
                <NavLink to={paths.bestSellers} className={navLinkClass}>
                  Best Seller
                </NavLink>
              </li>
              <li>
                <NavLink to={paths.aboutUs} className={navLinkClass}>
                  About
                </NavLink>
              </li>
              <li>
                <NavLink to={paths.contactUs} className={navLinkClass}>
                  Contact Us
                </NavLink>
              </li>
            </ul>
          </nav>

          <div className={styles.actions}>
            <SearchBox id="header-search" className={styles.search} />
            <Link to={paths.search} className={`${styles.iconLink} ${styles.searchLink}`} aria-label="Search">
              <SearchIcon size={20} />
            </Link>
            <ThemeToggle />
            <AccountEntry />
            <Link
              to={paths.cart}
              className={styles.iconLink}
              aria-label={cartCount === null ? 'Cart' : `Cart, ${cartCount} ${cartCount === 1 ? 'item' : 'items'}`}
            >
              <BagIcon />
              {cartCount !== null && (
                <span className={styles.badge} data-testid="cart-count" aria-hidden="true">
                  {cartCount}
                </span>
              )}
            </Link>
          </div>
        </div>
        {pageLoading && <span className={styles.progress} aria-hidden="true" />}
      </header>
      {menuOpen && (
        <Suspense fallback={null}>
          <MobileMenu id={mobileMenuId} open onClose={closeMenu} />
        </Suspense>
      )}
    </>
  );
}

/** Units in whichever cart is active: the server cart's once it has loaded (null before), else the guest cart's. */
function useCartCount(): number | null {
  return useAppSelector((state) => (selectToken(state) ? selectServerCartCount(state) : selectCartItemCount(state)));
}

/** Sign In (opens the popup) for guests; the first name and the account menu once signed in. */
function AccountEntry() {
  const dispatch = useAppDispatch();
  const token = useAppSelector(selectToken);
  const user = useAppSelector(selectUser);
  const [open, setOpen] = useState(false);
  const close = useCallback(() => setOpen(false), []);

  if (!token) {
    return (
      <Link
        to={paths.login}
        className={`${styles.iconLink} ${styles.account}`}
        onPointerEnter={preloadSignIn}
        onClick={(event) => {
          event.preventDefault();
          dispatch(signInOpened());
        }}
      >
        <UserIcon size={20} />
        <span className={styles.signInLabel}>Sign In</span>
      </Link>
    );
  }
  return (
    <div className={`${styles.accountArea} ${styles.account}`}>
      <button
        type="button"
        className={styles.iconLink}
        aria-expanded={open}
        aria-controls="account-menu"
        aria-label={`Account: ${displayName(user)}`}
        onClick={() => setOpen((wasOpen) => !wasOpen)}
        onPointerEnter={() => void loadAccountMenu()}
      >
        <UserIcon size={20} />
        <span className={`${styles.signInLabel} ${styles.name}`}>{displayName(user)}</span>
      </button>
      {open && (
        <Suspense fallback={null}>
          <AccountMenu id="account-menu" user={user} onClose={close} />
        </Suspense>
      )}
    </div>
  );
}
