// A listing's filters and sort (loaded as its own chunk by the listing's FilterSlot): on wide
// screens a bar of facet menus with a sort select, on phones a Filters button opening a bottom
// sheet whose choices apply on "Show N products". Chosen values show as chips to remove. Every
// change is a new address (filters.ts), so the back button undoes it.
import { useEffect, useId, useRef, useState } from 'react';
import { useSearchParams } from '../../../lib/router';
import { Button } from '../../../components/Button';
import { Dialog } from '../../../components/Dialog';
import { useMediaQuery } from '../../../lib/useMediaQuery';
import { useGetProductsQuery } from '../api';
import {
  activeCount,
  chips,
  facetKeys,
  facetTitles,
  filtersQuery,
  noFilters,
  readFilters,
  searchSortOptions,
  sortOptions,
  toggle,
  withoutChip,
  writeFilters,
  type FacetKey,
  type ListingFilters as Filters,
} from '../filters';
import { productCount } from '../listing';
import type { FacetValue, Facets, ProductListQuery } from '../types';
import styles from './ListingFilters.module.css';

/** A listing's filter bar; on search results (`listing.q`) the sorts start with relevance. */
export default function ListingFilters({ listing, facets, total }: { listing: ProductListQuery; facets?: Facets; total?: number }) {
  const [search, setSearch] = useSearchParams();
  const relevance = listing.q !== undefined;
  const filters = readFilters(search, relevance);
  const phone = useMediaQuery('(max-width: 767px)');
  const [sheetOpen, setSheetOpen] = useState(false);
  // An unfiltered listing is the cached page without facets: ask for them alone (one product).
  const own = useGetProductsQuery({ ...listing, ...filtersQuery(filters, true), page: 1, limit: 1 }, { skip: Boolean(facets) });
  // The last facets stay while the next ones load, so an open menu stays open as a value is chosen.
  const latest = useRef<Facets | undefined>(undefined);
  const shown = facets ?? own.currentData?.facets ?? latest.current;
  useEffect(() => {
    if (shown) latest.current = shown;
  });
  const apply = (next: Filters) => setSearch(writeFilters(search, next));
  const active = chips(filters, shown);

  return (
    <div className={styles.filters}>
      <div className={styles.bar}>
        {phone ? (
          <Button variant="secondary" className={styles.open} onClick={() => setSheetOpen(true)} aria-haspopup="dialog">
            Filters{activeCount(filters) > 0 ? ` (${activeCount(filters)})` : ''}
          </Button>
        ) : (
          <div className={styles.menus} role="group" aria-label="Filters">
            {facetKeys.map((key) => (
              <FacetMenu key={key} facet={key} values={shown?.[key] ?? []} chosen={filters[key]} onToggle={(value) => apply(toggle(filters, key, value))} />
            ))}
            {(shown?.onsale.length ?? 0) > 0 && (
              <label className={styles.onSale}>
                <input type="checkbox" checked={filters.onsale} onChange={() => apply({ ...filters, onsale: !filters.onsale })} />
                On sale <span className={styles.count}>{shown?.onsale[0]?.count}</span>
              </label>
            )}
          </div>
        )}
        <SortSelect value={filters.sort} options={relevance ? searchSortOptions : sortOptions} onChange={(sort) => apply({ ...filters, sort })} />
      </div>
      {active.length > 0 && (
        <ul className={styles.chips} aria-label="Chosen filters">
          {active.map((chip) => (
            <li key={`${chip.key}:${chip.value}`}>
              <button type="button" className={styles.chip} onClick={() => apply(withoutChip(filters, chip))} aria-label={`Remove ${chip.label}`}>
                {chip.label} <span aria-hidden="true">×</span>
              </button>
            </li>
          ))}
          <li>
            <button type="button" className={styles.clear} onClick={() => apply({ ...noFilters, sort: filters.sort })}>
              Clear all
            </button>
          </li>
        </ul>
      )}
      {sheetOpen && <FilterSheet listing={listing} filters={filters} total={total} onClose={() => setSheetOpen(false)} onApply={apply} />}
    </div>
  );
}

function SortSelect({ value, options, onChange }: { value: string; options: typeof sortOptions; onChange: (sort: string) => void }) {
  const id = useId();
  return (
    <div className={styles.sort}>
      <label htmlFor={id}>Sort by</label>
      <select id={id} value={value} onChange={(event) => onChange(event.target.value)}>
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
    </div>
  );
}

/** One facet's menu on wide screens: a disclosure with a checkbox per value. */
function FacetMenu({ facet, values, chosen, onToggle }: { facet: FacetKey; values: FacetValue[]; chosen: string[]; onToggle: (value: string) => void }) {
  const menu = useRef<HTMLDetailsElement>(null);
  useEffect(() => {
    // A press outside the open menu, or Escape, closes it.
    const close = (event: PointerEvent) => {
      if (menu.current?.open && !menu.current.contains(event.target as Node)) menu.current.open = false;
    };
    const escape = (event: KeyboardEvent) => {
      if (event.key === 'Escape' && menu.current?.open) menu.current.open = false;
    };
    document.addEventListener('pointerdown', close);
    document.addEventListener('keydown', escape);
    return () => {
      document.removeEventListener('pointerdown', close);
      document.removeEventListener('keydown', escape);
    };
  }, []);
  if (values.length === 0) return null;
  return (
    <details ref={menu} className={styles.menu}>
      <summary className={styles.summary} data-chosen={chosen.length > 0 || undefined}>
        {facetTitles[facet]}
        {chosen.length > 0 && <span className={styles.badge}>{chosen.length}</span>}
      </summary>
      <div className={styles.popover}>
        <FacetOptions facet={facet} values={values} chosen={chosen} onToggle={onToggle} />
      </div>
    </details>
  );
}

function FacetOptions({ facet, values, chosen, onToggle }: { facet: FacetKey; values: FacetValue[]; chosen: string[]; onToggle: (value: string) => void }) {
  return (
    <fieldset className={styles.options} data-facet={facet}>
      <legend className={styles.legend}>{facetTitles[facet]}</legend>
      {values.map((v) => {
        const checked = chosen.includes(v.value);
        return (
          <label key={v.value} className={styles.option} data-empty={(!checked && v.count === 0) || undefined}>
            <input type="checkbox" checked={checked} disabled={!checked && v.count === 0} onChange={() => onToggle(v.value)} />
            <span className={styles.label}>{v.label}</span>
            <span className={styles.count}>{v.count}</span>
          </label>
        );
      })}
    </fieldset>
  );
}

/**
 * The phone's filter sheet: choices are kept here until "Show N products", N being what the
 * server counts for them (asked for as the shopper chooses), or dropped on close.
 */
function FilterSheet({
  listing,
  filters,
  total,
  onClose,
  onApply,
}: {
  listing: ProductListQuery;
  filters: Filters;
  total?: number;
  onClose: () => void;
  onApply: (filters: Filters) => void;
}) {
  const [staged, setStaged] = useState(filters);
  const titleId = useId();
  const counted = useGetProductsQuery({ ...listing, ...filtersQuery(staged, true), page: 1, limit: 1 });
  const shown = (counted.currentData ?? counted.data)?.facets;
  const n = counted.currentData?.metadata.total ?? (counted.isFetching ? undefined : total);
  return (
    <Dialog labelledBy={titleId} onClose={onClose} variant="sheet" className={styles.sheet} closeLabel="Close filters">
      <h2 id={titleId} className={styles.sheetTitle}>
        Filters
      </h2>
      <div className={styles.sheetBody}>
        {facetKeys.map((key) =>
          (shown?.[key].length ?? 0) > 0 ? (
            <FacetOptions key={key} facet={key} values={shown![key]} chosen={staged[key]} onToggle={(value) => setStaged(toggle(staged, key, value))} />
          ) : null,
        )}
        {(shown?.onsale.length ?? 0) > 0 && (
          <label className={styles.option}>
            <input type="checkbox" checked={staged.onsale} onChange={() => setStaged({ ...staged, onsale: !staged.onsale })} />
            <span className={styles.label}>On sale</span>
            <span className={styles.count}>{shown?.onsale[0]?.count}</span>
          </label>
        )}
      </div>
      <div className={styles.sheetActions}>
        <Button variant="secondary" onClick={() => setStaged({ ...noFilters, sort: staged.sort })}>
          Clear
        </Button>
        <Button
          onClick={() => {
            onApply(staged);
            onClose();
          }}
          aria-live="polite"
        >
          {n === undefined ? 'Show products' : `Show ${productCount(n)}`}
        </Button>
      </div>
    </Dialog>
  );
}
