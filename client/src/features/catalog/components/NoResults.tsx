import { Link } from '../../../components/Link';
import { ButtonLink } from '../../../components/Button';
import { StateMessage } from '../../../components/StateMessage';
import { paths, productListPath, productPath } from '../../../lib/paths';
import { useSuggestProductsQuery } from '../suggest';
import styles from './NoResults.module.css';

/**
 * A search that found nothing: says so, then offers what the server finds closest (products
 * matching some of the words) and categories (those whose name matches, or the best stocked).
 */
export function NoResults({ query }: { query: string }) {
  const { currentData } = useSuggestProductsQuery(query);
  const products = currentData?.products ?? [];
  const categories = currentData?.categories ?? [];
  return (
    <div className={styles.none}>
      <StateMessage
        title={`No products match "${query}"`}
        detail="Check the spelling, or try one of these."
      >
        <ButtonLink to={paths.shop} variant="secondary">
          Shop all
        </ButtonLink>
      </StateMessage>
      {products.length > 0 && (
        <section aria-labelledby="closest-matches">
          <h2 id="closest-matches" className={styles.heading}>
            Closest matches
          </h2>
          <ul className={styles.products}>
            {products.map((p) => (
              <li key={p._id}>
                <Link to={productPath(p)} className={styles.product}>
                  <img src={p.thumbnail} alt="" width={56} height={68} loading="lazy" className={styles.thumb} />
                  <span>
                    <span className={styles.name}>{p.productName}</span>
                    <span className={styles.detail}>{p.subCategory}</span>
                  </span>
                </Link>
              </li>
            ))}
          </ul>
        </section>
      )}
      {categories.length > 0 && (
        <section aria-labelledby="suggested-categories">
          <h2 id="suggested-categories" className={styles.heading}>
            {currentData?.popular ? 'Popular categories' : 'Categories'}
          </h2>
          <ul className={styles.categories}>
            {categories.map((c) => (
              <li key={c._id}>
                <Link to={productListPath(c.categoryType)} className={styles.category}>
                  {c.categoryType}
                </Link>
              </li>
            ))}
          </ul>
        </section>
      )}
    </div>
  );
}
