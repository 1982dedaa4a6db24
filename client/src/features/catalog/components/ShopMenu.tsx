import { useEffect, useId, useRef, useState } from 'react';
import { Link, useLocation } from 'react-router-dom';
import { ChevronDownIcon } from '../../../components/icons';
import { paths, productListPath } from '../../../lib/paths';
import { subCategoriesOf, useGetCategoryQuery } from '../api';
import styles from './ShopMenu.module.css';

function useSubCategories() {
  const { data, isError } = useGetCategoryQuery();
  return isError ? [] : subCategoriesOf(data);
}

/** The header's Shop dropdown: 'Shop all' and a link per sub-category. */
export function ShopMenu() {
  const subCategories = useSubCategories();
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
        <ul id={panelId} className={styles.panel} aria-label="Shop categories">
          <li>
            <Link to={paths.shop} className={styles.all}>
              Shop all
            </Link>
          </li>
          {subCategories.length > 0 && <li className={styles.divider} aria-hidden="true" />}
          {subCategories.map((subCategory) => (
            <li key={subCategory._id || subCategory.categoryType}>
              <Link to={productListPath(subCategory.categoryType)}>{subCategory.categoryType}</Link>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

/** The same links as a flat list, for the mobile menu. */
export function ShopLinks({ className }: { className?: string }) {
  const subCategories = useSubCategories();
  return (
    <ul className={[styles.list, className].filter(Boolean).join(' ')}>
      <li>
        <Link to={paths.shop}>Shop all</Link>
      </li>
      {subCategories.map((subCategory) => (
        <li key={subCategory._id || subCategory.categoryType}>
          <Link to={productListPath(subCategory.categoryType)}>{subCategory.categoryType}</Link>
        </li>
      ))}
    </ul>
  );
}
