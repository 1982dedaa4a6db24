import { useEffect, useMemo, useState, type RefObject } from 'react';
import { useNavigate } from '../../../lib/router';
import { productListPath, productPath } from '../../../lib/paths';
import { useSuggestProductsQuery } from '../suggest';
import styles from './SearchSuggestions.module.css';

/** How long typing must pause before suggestions are asked for. */
const debounceMs = 120;

interface Option {
  id: string;
  href: string;
  label: string;
  detail: string;
  thumbnail?: string;
}

/**
 * The search box's suggestions: the ARIA combobox pattern's listbox for the box's input.
 * Loaded on the input's first focus (a lazy chunk): it listens to the input's keys (arrows move
 * through the options, Enter opens the chosen one, Escape closes the list) and keeps its
 * aria-expanded and aria-activedescendant.
 */
export default function SearchSuggestions({
  input,
  value,
  listId,
}: {
  input: RefObject<HTMLInputElement | null>;
  value: string;
  listId: string;
}) {
  const navigate = useNavigate();
  const [query, setQuery] = useState(value.trim());
  const [open, setOpen] = useState(true);
  const [active, setActive] = useState(-1);

  useEffect(() => {
    const timer = setTimeout(() => setQuery(value.trim()), debounceMs);
    setActive(-1);
    return () => clearTimeout(timer);
  }, [value]);

  const { currentData } = useSuggestProductsQuery(query, { skip: query.length < 2 });
  const options = useMemo<Option[]>(() => {
    if (!currentData) return [];
    return [
      ...currentData.products.map((p) => ({
        id: p._id,
        href: productPath(p),
        label: p.productName,
        detail: `${p.subCategory} · ${p.productId}`,
        thumbnail: p.thumbnail,
      })),
      ...currentData.categories.map((c) => ({
        id: c._id,
        href: productListPath(c.categoryType),
        label: c.categoryType,
        detail: `All ${c.categoryType.toLowerCase()}`,
      })),
    ];
  }, [currentData]);
  const shown = open && query.length >= 2 && options.length > 0;

  useEffect(() => {
    const el = input.current;
    if (!el) return;
    const go = (option: Option) => {
      setOpen(false);
      el.blur();
      navigate(option.href);
    };
    const chosen = options[active];
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
        if (options.length === 0) return;
        event.preventDefault();
        setOpen(true);
        const n = options.length;
        setActive((i) => (event.key === 'ArrowDown' ? (i + 1) % n : i <= 0 ? n - 1 : i - 1));
      } else if (event.key === 'Enter' && shown && chosen) {
        event.preventDefault();
        go(chosen);
      } else if (event.key === 'Escape' && shown) {
        // The first Escape closes the list only, not the menu or dialog the box sits in.
        event.preventDefault();
        event.stopPropagation();
        setOpen(false);
        setActive(-1);
      }
    };
    const onFocus = () => setOpen(true);
    const onInput = () => setOpen(true);
    const onBlur = () => {
      setOpen(false);
      setActive(-1);
    };
    el.addEventListener('keydown', onKey);
    el.addEventListener('focus', onFocus);
    el.addEventListener('input', onInput);
    el.addEventListener('blur', onBlur);
    return () => {
      el.removeEventListener('keydown', onKey);
      el.removeEventListener('focus', onFocus);
      el.removeEventListener('input', onInput);
      el.removeEventListener('blur', onBlur);
    };
  }, [input, options, shown, active, navigate]);

  useEffect(() => {
    const el = input.current;
    if (!el) return;
    el.setAttribute('aria-expanded', String(shown));
    if (shown && active >= 0 && active < options.length) el.setAttribute('aria-activedescendant', `${listId}-${active}`);
    else el.removeAttribute('aria-activedescendant');
  }, [input, shown, active, options.length, listId]);

  if (!shown) return null;
  const productCount = currentData?.products.length ?? 0;
  return (
    <div className={styles.panel}>
      <ul id={listId} role="listbox" aria-label="Suggestions" className={styles.list}>
        {options.map((option, i) => (
          // The keyboard is the combobox input's (arrows, Enter, Escape, aria-activedescendant), as
          // the ARIA combobox pattern has it; an option only takes the pointer.
          // eslint-disable-next-line jsx-a11y/click-events-have-key-events
          <li
            key={`${i < productCount ? 'p' : 'c'}-${option.id}`}
            id={`${listId}-${i}`}
            role="option"
            aria-selected={i === active}
            className={[styles.option, i === active ? styles.active : '', i === productCount ? styles.first : '']
              .filter(Boolean)
              .join(' ')}
            // Keep the input's focus (its blur closes the list) so the click lands.
            onMouseDown={(event) => event.preventDefault()}
            onClick={() => {
              setOpen(false);
              input.current?.blur();
              navigate(option.href);
            }}
          >
            {option.thumbnail ? (
              <img className={styles.thumb} src={option.thumbnail} alt="" width={36} height={44} loading="lazy" />
            ) : (
              <span className={styles.thumb} aria-hidden="true" />
            )}
            <span className={styles.text}>
              <span className={styles.label}>{option.label}</span>
              <span className={styles.detail}>{option.detail}</span>
            </span>
          </li>
        ))}
      </ul>
    </div>
  );
}
