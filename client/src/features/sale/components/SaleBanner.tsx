import { Link } from '../../../components/Link';
import { brandName } from '../../../lib/brandName';
import { paths } from '../../../lib/paths';
import { useGetSaleQuery } from '../api';
import { saleAnnouncement } from '../saleAnnouncement';
import styles from './SaleBanner.module.css';

/**
 * Announces the first running sale in one line that leads to /sale; renders nothing when there is
 * none or the list fails to load.
 */
export function SaleBanner() {
  const { data: sales, isError } = useGetSaleQuery();
  const sale = isError ? undefined : sales?.[0];
  return (
    <div aria-live="polite">
      {sale && (
        <aside className={styles.banner} aria-label="Sale" data-testid="sale-banner">
          <Link to={paths.sale} className={styles.inner}>
            <span className={styles.badge}>Sale</span>
            <p className={styles.text}>{saleAnnouncement(sale, brandName)}</p>
          </Link>
        </aside>
      )}
    </div>
  );
}
