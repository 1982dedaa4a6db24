import { Link } from '../../../components/Link';
import { productListPath } from '../../../lib/paths';
import { useGetCategoryQuery } from '../api';
import type { Category } from '../types';
import styles from './CategoryTiles.module.css';

/** A tile per sub-category, grouped by category (Men, Women); each opens /products/{categoryType}. */
export function CategoryTiles() {
  const { data, isLoading, isError } = useGetCategoryQuery();
  if (isError) return null;
  if (isLoading || !data) {
    return (
      <div className={styles.group} aria-hidden="true">
        <ul className={styles.tiles}>
          {Array.from({ length: 5 }, (_, index) => (
            <li key={index}>
              <span className={`${styles.frame} ${styles.placeholder}`} />
            </li>
          ))}
        </ul>
      </div>
    );
  }
  const groups = data.items.filter((category) => (category.subCategory ?? []).length > 0);
  return (
    <>
      {groups.map((category) => (
        <CategoryGroup key={category._id} category={category} />
      ))}
    </>
  );
}

function CategoryGroup({ category }: { category: Category }) {
  const headingId = `tiles-${category._id}`;
  return (
    <section className={styles.group} aria-labelledby={category.name ? headingId : undefined}>
      {category.name && (
        <h3 id={headingId} className={styles.groupTitle}>
          {category.name}
        </h3>
      )}
      <ul className={styles.tiles}>
        {category.subCategory.map((subCategory) => (
          <li key={subCategory._id || subCategory.categoryType}>
            <Link to={productListPath(subCategory.categoryType)} className={styles.tile}>
              <span className={styles.frame}>
                {subCategory.image && (
                  <img src={subCategory.image} alt="" loading="lazy" width={480} height={600} className={styles.image} />
                )}
              </span>
              <span className={styles.label}>{subCategory.categoryType}</span>
            </Link>
          </li>
        ))}
      </ul>
    </section>
  );
}
