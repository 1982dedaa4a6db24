import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import { useLocation, useNavigate, useSearchParams } from '../../../lib/router';
import { SearchIcon } from '../../../components/icons';
import { paths, searchPath } from '../../../lib/paths';
import styles from './SearchBox.module.css';

// The suggestions come in a chunk of their own, loaded on the box's first focus: the listing
// path's initial JS doesn't carry them.
const SearchSuggestions = lazy(() => import('./SearchSuggestions'));

/**
 * The product search form: submitting goes to /search?q=. On the search page it shows the
 * current query. Focused, it loads its suggestions (an ARIA combobox: SearchSuggestions).
 */
export function SearchBox({
  id,
  className,
  variant = 'compact',
  autoFocus = false,
}: {
  id: string;
  className?: string;
  variant?: 'compact' | 'large';
  autoFocus?: boolean;
}) {
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const [params] = useSearchParams();
  const current = pathname === paths.search ? (params.get('q') ?? '') : '';
  const [value, setValue] = useState(current);
  const input = useRef<HTMLInputElement>(null);
  const [suggesting, setSuggesting] = useState(false);
  const listId = `${id}-suggestions`;

  useEffect(() => setValue(current), [current]);

  return (
    <form
      role="search"
      className={[styles.form, styles[variant], className].filter(Boolean).join(' ')}
      onSubmit={(event) => {
        event.preventDefault();
        const query = value.trim();
        if (!query) {
          input.current?.focus();
          return;
        }
        input.current?.blur();
        navigate(searchPath(query));
      }}
    >
      <label htmlFor={id} className="visually-hidden">
        Search products
      </label>
      <input
        ref={input}
        id={id}
        className={styles.input}
        type="search"
        name="q"
        value={value}
        placeholder="Search shirts, trousers…"
        autoComplete="off"
        role="combobox"
        aria-autocomplete="list"
        aria-controls={listId}
        aria-expanded={false}
        enterKeyHint="search"
        maxLength={100}
        // eslint-disable-next-line jsx-a11y/no-autofocus -- only the search page asks for it, and only with no query yet: the page is there to type one
        autoFocus={autoFocus}
        onChange={(event) => setValue(event.target.value)}
        onFocus={() => setSuggesting(true)}
      />
      <button type="submit" className={styles.submit} aria-label="Search">
        <SearchIcon size={variant === 'large' ? 22 : 18} />
      </button>
      {suggesting && (
        <Suspense fallback={null}>
          <SearchSuggestions input={input} value={value} listId={listId} />
        </Suspense>
      )}
    </form>
  );
}
