import { useSearchParams } from '../../lib/router';
import { useGetProductsQuery } from '../../features/catalog/api';
import { NoResults } from '../../features/catalog/components/NoResults';
import { SearchBox } from '../../features/catalog/components/SearchBox';
import { filterQuery, productCount } from '../../features/catalog/listing';
import { useSearchProductsQuery } from '../../features/catalog/search';
import { paths } from '../../lib/paths';
import { FilterSlot } from './catalog/FilterSlot';
import { pageFromSearch, pageHref, ProductResults } from './catalog/ProductResults';
import styles from './SearchPage.module.css';

/**
 * /search?q=: the products matching a query, paged like any listing, with a listing's filter bar
 * and sort: filtered or sorted, the results are GET /api/getproduct?q= (the listings' filters
 * on the search's matches).
 */
export function SearchPage() {
  const [params] = useSearchParams();
  const query = (params.get('q') ?? '').trim();
  const page = pageFromSearch(params);
  const filters = filterQuery(params);
  const active = Object.keys(filters).length > 0;
  const searched = useSearchProductsQuery({ q: query, page }, { skip: !query || active });
  const filtered = useGetProductsQuery({ q: query, ...filters, page }, { skip: !query || !active });
  const results = active ? filtered : searched;
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
        <section className={styles.results} aria-label={`Results for ${query}`}>
          <FilterSlot key={query} listing={{ q: query }} facets={filtered.currentData?.facets} total={total} active={active} />
          <ProductResults
            key={query}
            query={{ ...results, data: results.currentData }}
            page={page}
            hrefFor={(target) => pageHref(paths.search, target, { q: query, ...filters })}
            label={`Results for ${query}`}
            empty={<NoResults query={query} />}
          />
        </section>
      ) : (
        <p className={styles.hint}>Try a fabric, a colour or a garment: “oxford”, “navy”, “stretch”.</p>
      )}
    </div>
  );
}
