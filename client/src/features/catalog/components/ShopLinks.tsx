// The Shop menu's links as a plain list, for the mobile menu. Apart from ShopMenu.tsx (in the
// entry chunk, as the header shows it) so it loads with the mobile menu.
import { Link } from '../../../components/Link';
import { genderListPath, paths, productListPath } from '../../../lib/paths';
import { useMenuGroups } from './ShopMenu';
import styles from './ShopLinks.module.css';

/** The same links as a list, for the mobile menu. */
export function ShopLinks({ className }: { className?: string }) {
  const groups = useMenuGroups();
  return (
    <ul className={[styles.list, className].filter(Boolean).join(' ')}>
      <li>
        <Link to={paths.shop}>Shop all</Link>
      </li>
      {groups.map((group) => (
        <li key={group.key} className={styles.listGroup}>
          {group.name && (
            <Link to={genderListPath(group.name)} className={styles.listGroupLink}>
              {group.name}
            </Link>
          )}
          <ul className={styles.list}>
            {group.subCategories.map((subCategory) => (
              <li key={subCategory._id || subCategory.categoryType}>
                <Link to={productListPath(subCategory.categoryType)}>{subCategory.categoryType}</Link>
              </li>
            ))}
          </ul>
        </li>
      ))}
    </ul>
  );
}
