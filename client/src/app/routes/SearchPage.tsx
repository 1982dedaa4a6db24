import { useSearchParams } from 'react-router';
import { ButtonLink } from '../../components/Button';
import { StateMessage } from '../../components/StateMessage';
import { useSearchProductsQuery } from '../../features/catalog/api';
import { SearchBox } from '../../features/catalog/components/SearchBox';
import { productCount } from '../../features/catalog/listing';
import { paths, searchPath } from '../../lib/paths';
import { pageFromSearch, ProductResults } from './catalog/ProductResults';
import styles from './SearchPage.module.css';

/** /search?q=: the products matching a query, paged like any listing. */
export function SearchPage() {
  const [params] = useSearchParams();
  const query = (params.get('q') ?? '').trim();
  const page = pageFromSearch(params);
  const results = useSearchProductsQuery({ q: query, page }, { skip: !query });
  const total = results.currentData?.metadata.total;

  return (
    <div className={styles.page}>
      <title>{query ? `Search: ${query} — drape` : 'Search — drape'}</title>
      <header className={styles.header}>
        <p className={styles.eyebrow}>Search</p>
        <h1 className={styles.title}>{query ? <>Results for “{query}”</> : 'Search the collection'}</h1>
        <p className={styles.count} aria-live="polite">
          {query && total !== undefined ? productCount(total) : '\u00a0'}
        </p>
        <SearchBox id="page-search" variant="large" className={styles.search} autoFocus={!query} />
      </header>

      {query ? (
        <ProductResults
          key={query}
          query={{ ...results, data: results.currentData }}
          page={page}
          hrefFor={(target) => searchPath(query, target)}
          label={`Results for ${query}`}
          empty={
            <StateMessage
              title={`No products match "${query}"`}
              detail="Check the spelling, or try a broader word such as shirt, trouser or blazer."
            >
              <ButtonLink to={paths.shop} variant="secondary">
                Shop all
              </ButtonLink>
            </StateMessage>
          }
        />
      ) : (
        <p className={styles.hint}>Try a fabric, a colour or a garment: “oxford”, “navy”, “stretch”.</p>
      )}
    </div>
  );
}
