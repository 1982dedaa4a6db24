import { useEffect, useRef, useState } from 'react';
import { useLocation, useNavigate, useSearchParams } from 'react-router';
import { SearchIcon } from '../../../components/icons';
import { paths, searchPath } from '../../../lib/paths';
import styles from './SearchBox.module.css';

/** The product search form: submitting goes to /search?q=. On the search page it shows the current query. */
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
        enterKeyHint="search"
        maxLength={100}
        // eslint-disable-next-line jsx-a11y/no-autofocus -- only the search page asks for it, and only with no query yet: the page is there to type one
        autoFocus={autoFocus}
        onChange={(event) => setValue(event.target.value)}
      />
      <button type="submit" className={styles.submit} aria-label="Search">
        <SearchIcon size={variant === 'large' ? 22 : 18} />
      </button>
    </form>
  );
}
