// The open Shop dropdown of the header (ShopMenu.tsx): its links, and closing on a click outside
// or Escape. Apart from ShopMenu.tsx, which the header shows on every page, so it loads when the
// shopper comes near the Shop button or opens it.
import { useEffect, type RefObject } from 'react';
import { Link } from '../../../components/Link';
import { genderListPath, paths, productListPath } from '../../../lib/paths';
import type { MenuGroup } from './ShopMenu';
import styles from './ShopMenuPanel.module.css';

interface ShopMenuPanelProps {
  id: string;
  groups: MenuGroup[];
  /** The menu (the trigger and this panel): a pointer down outside it closes the panel. */
  container: RefObject<HTMLDivElement | null>;
  /** The Shop button, which gets the focus back on Escape. */
  trigger: RefObject<HTMLButtonElement | null>;
  onClose: () => void;
}

/** 'Shop all' and a link per sub-category, grouped under their categories. */
export function ShopMenuPanel({ id, groups, container, trigger, onClose }: ShopMenuPanelProps) {
  useEffect(() => {
    function onPointerDown(event: PointerEvent) {
      if (!container.current?.contains(event.target as Node)) onClose();
    }
    function onKeyDown(event: KeyboardEvent) {
      if (event.key === 'Escape') {
        onClose();
        trigger.current?.focus();
      }
    }
    document.addEventListener('pointerdown', onPointerDown);
    document.addEventListener('keydown', onKeyDown);
    return () => {
      document.removeEventListener('pointerdown', onPointerDown);
      document.removeEventListener('keydown', onKeyDown);
    };
  }, [container, trigger, onClose]);

  return (
    <div id={id} className={styles.panel}>
      <ul className={styles.top} aria-label="Shop categories">
        <li>
          <Link to={paths.shop} className={styles.all}>
            Shop all
          </Link>
        </li>
        {groups.length > 0 && <li className={styles.divider} aria-hidden="true" />}
        {groups.map((group) => (
          <li key={group.key} className={styles.group}>
            {group.name && (
              <Link to={genderListPath(group.name)} className={styles.groupLink}>
                {group.name}
              </Link>
            )}
            <ul className={styles.groupList}>
              {group.subCategories.map((subCategory) => (
                <li key={subCategory._id || subCategory.categoryType}>
                  <Link to={productListPath(subCategory.categoryType)}>{subCategory.categoryType}</Link>
                </li>
              ))}
            </ul>
          </li>
        ))}
      </ul>
    </div>
  );
}
