import { lazy, Suspense, useCallback, useEffect, useId, useRef, useState } from 'react';
import { useLocation } from '../../../lib/router';
import { ChevronDownIcon } from '../../../components/icons';
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

// The open panel's code loads when the shopper comes near the Shop button (pointer, touch or
// keyboard focus) or opens it.
const loadPanel = () => import('./ShopMenuPanel');
const ShopMenuPanel = lazy(() => loadPanel().then((module) => ({ default: module.ShopMenuPanel })));
const preloadPanel = () => void loadPanel();

/** The header's Shop dropdown: 'Shop all' and a link per sub-category (ShopMenuPanel). */
export function ShopMenu() {
  const groups = useMenuGroups();
  const [open, setOpen] = useState(false);
  const panelId = useId();
  const container = useRef<HTMLDivElement>(null);
  const trigger = useRef<HTMLButtonElement>(null);
  const location = useLocation();
  const close = useCallback(() => setOpen(false), []);

  useEffect(close, [location.pathname, close]);

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
        onPointerEnter={preloadPanel}
        onTouchStart={preloadPanel}
        onFocus={preloadPanel}
      >
        Shop
        <ChevronDownIcon size={16} />
      </button>
      {open && (
        <Suspense fallback={null}>
          <ShopMenuPanel id={panelId} groups={groups} container={container} trigger={trigger} onClose={close} />
        </Suspense>
      )}
    </div>
  );
}
