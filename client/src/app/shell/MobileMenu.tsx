import { useEffect } from 'react';
import { Link } from '../../components/Link';
import { UserIcon } from '../../components/icons';
import { SearchBox } from '../../features/catalog/components/SearchBox';
import { ShopLinks } from '../../features/catalog/components/ShopMenu';
import { paths } from '../../lib/paths';
import styles from './MobileMenu.module.css';

/** The full-width menu that opens from the hamburger under 640px; following a link closes it. */
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
        <SearchBox id="mobile-search" variant="large" />
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
      <div className={styles.section}>
        <h2 className={styles.heading}>Shop</h2>
        <ShopLinks className={styles.shopLinks} />
      </div>
      <div className={styles.section}>
        <Link to={paths.login} className={styles.account}>
          <UserIcon size={20} />
          Sign In
        </Link>
      </div>
    </nav>
  );
}
