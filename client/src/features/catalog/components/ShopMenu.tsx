import { useEffect, useId, useRef, useState } from 'react';
import { useLocation } from 'react-router';
import { Link } from '../../../components/Link';
import { ChevronDownIcon } from '../../../components/icons';
import { genderListPath, paths, productListPath } from '../../../lib/paths';
import { subCategoriesOf, useGetCategoryQuery } from '../api';
import type { SubCategory } from '../types';
import styles from './ShopMenu.module.css';

export interface MenuGroup {
  key: string;
  /** The category (Men, Women) and its listing, when the server names it. */
  name?: string;
  subCategories: SubCategory[];
}

/** Sub-categories grouped under their named categories; one unnamed group when names are missing. */
export function useMenuGroups(): MenuGroup[] {
  const { data, isError } = useGetCategoryQuery();
  if (isError || !data) return [];
  const named = data.items.filter((category) => category.name && (category.subCategory ?? []).length > 0);
  if (named.length === 0) return [{ key: 'all', subCategories: subCategoriesOf(data) }];
  return named.map((category) => ({
    key: category._id || category.name!,
    name: category.name,
    subCategories: subCategoriesOf({ items: [category] }),
  }));
}

/** The header's Shop dropdown: 'Shop all' and a link per sub-category. */
export function ShopMenu() {
  const groups = useMenuGroups();
  const [open, setOpen] = useState(false);
  const panelId = useId();
  const container = useRef<HTMLDivElement>(null);
  const trigger = useRef<HTMLButtonElement>(null);
  const location = useLocation();

  useEffect(() => setOpen(false), [location.pathname]);

  useEffect(() => {
    if (!open) return;
    function onPointerDown(event: PointerEvent) {
      if (!container.current?.contains(event.target as Node)) setOpen(false);
    }
    function onKeyDown(event: KeyboardEvent) {
      if (event.key === 'Escape') {
        setOpen(false);
        trigger.current?.focus();
      }
    }
    document.addEventListener('pointerdown', onPointerDown);
    document.addEventListener('keydown', onKeyDown);
    return () => {
      document.removeEventListener('pointerdown', onPointerDown);
      document.removeEventListener('keydown', onKeyDown);
    };
  }, [open]);

  return (
    <div
      className={styles.menu}
      data-columns={groups.length > 1 ? groups.length : undefined}
      ref={container}
      onBlur={(event) => {
        if (!event.currentTarget.contains(event.relatedTarget as Node | null)) setOpen(false);
      }}
    >
      <button
        ref={trigger}
        type="button"
        className={styles.trigger}
        aria-expanded={open}
        aria-controls={panelId}
        onClick={() => setOpen((wasOpen) => !wasOpen)}
      >
        Shop
        <ChevronDownIcon size={16} />
      </button>
      {open && (
        <div id={panelId} className={styles.panel}>
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
      )}
    </div>
  );
}
