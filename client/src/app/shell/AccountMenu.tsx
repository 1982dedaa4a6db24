import { useEffect, useRef } from 'react';
import { Link } from '../../components/Link';
import { BagIcon, UserIcon } from '../../components/icons';
import { HeartIcon, LogOutIcon } from '../../components/moreIcons';
import type { User } from '../../features/account/types';
import { accountPaths } from '../../lib/accountPaths';
import { useSession } from '../session';
import styles from './AccountMenu.module.css';

/**
 * The header's account menu (SPEC §2): who is signed in, Account Details, Orders, Wishlist and
 * Logout. A disclosure: Esc or a click outside closes it and focus goes back to its button.
 */
export function AccountMenu({ id, user, onClose }: { id: string; user: User | null; onClose: () => void }) {
  const { signOut } = useSession();
  const panel = useRef<HTMLDivElement>(null);

  useEffect(() => {
    const trigger = panel.current?.parentElement?.querySelector<HTMLButtonElement>('button[aria-controls]');
    function onKeyDown(event: KeyboardEvent) {
      if (event.key !== 'Escape') return;
      onClose();
      trigger?.focus();
    }
    function onPointerDown(event: PointerEvent) {
      if (!panel.current?.parentElement?.contains(event.target as Node)) onClose();
    }
    document.addEventListener('keydown', onKeyDown);
    document.addEventListener('pointerdown', onPointerDown);
    return () => {
      document.removeEventListener('keydown', onKeyDown);
      document.removeEventListener('pointerdown', onPointerDown);
    };
  }, [onClose]);

  return (
    <div id={id} ref={panel} className={styles.menu}>
      <div className={styles.who}>
        <p className={styles.greeting}>Signed in as</p>
        <p className={styles.email}>{user?.email ?? 'your account'}</p>
      </div>
      <nav aria-label="Account">
        <ul className={styles.links}>
          <li>
            <Link to={accountPaths.userAccountDetails} onClick={onClose}>
              <UserIcon size={18} />
              Account Details
            </Link>
          </li>
          <li>
            <Link to={accountPaths.userOrders} onClick={onClose}>
              <BagIcon size={18} />
              Orders
            </Link>
          </li>
          <li>
            <Link to={accountPaths.userWishlist} onClick={onClose}>
              <HeartIcon size={18} />
              Wishlist
            </Link>
          </li>
        </ul>
      </nav>
      <button type="button" className={styles.logout} onClick={() => signOut()}>
        <LogOutIcon size={18} />
        Logout
      </button>
    </div>
  );
}
