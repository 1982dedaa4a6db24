// The place of a listing's filter bar. The bar is a chunk of its own, loaded once the shopper
// does anything at all on the page (or at once when the address already carries filters), so a
// guest's first listing visit downloads none of it.
import { lazy, Suspense, useEffect, useState } from 'react';
import type { Facets, ProductListQuery } from '../../../features/catalog/types';
import styles from './FilterSlot.module.css';

const ListingFilters = lazy(() => import('../../../features/catalog/components/ListingFilters'));

const firstActions = ['pointerdown', 'pointermove', 'keydown', 'touchstart', 'wheel', 'scroll', 'focusin'];

export function FilterSlot(props: { listing: ProductListQuery; facets?: Facets; total?: number; active: boolean }) {
  const [wanted, setWanted] = useState(props.active);
  useEffect(() => {
    if (wanted) return;
    const load = () => setWanted(true);
    for (const name of firstActions) window.addEventListener(name, load, { once: true, passive: true });
    return () => {
      for (const name of firstActions) window.removeEventListener(name, load);
    };
  }, [wanted]);
  return (
    <div className={styles.slot}>
      {(wanted || props.active) && (
        <Suspense fallback={null}>
          <ListingFilters {...props} />
        </Suspense>
      )}
    </div>
  );
}
