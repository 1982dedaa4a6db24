// The two ways into the back office's reviews, as tabs above both lists: every review, or
// products with their reviews in numbers.
import { NavLink } from '../../../components/Link';
import { reviewPaths } from '../moderation';
import styles from './Moderation.module.css';

/** "All reviews" and "By product", the current one marked. */
export function ReviewViews() {
  return (
    <nav aria-label="Review views" className={styles.views}>
      <NavLink to={reviewPaths.all} end className={styles.view}>
        All reviews
      </NavLink>
      <NavLink to={reviewPaths.products} end className={styles.view}>
        By product
      </NavLink>
    </nav>
  );
}
