import { Link } from '../../../components/Link';
import { useGetProductsQuery } from '../../../features/catalog/api';
import { ProductCard, ProductCardSkeleton } from '../../../features/catalog/components/ProductCard';
import { paths } from '../../../lib/paths';
import { useQuickView } from '../catalog/useQuickView';
import { WishlistHeart } from '../catalog/WishlistHeart';
import styles from './BestSellerStrip.module.css';

/** Home's row of up to 8 best sellers, with quick view; hidden when there are none or they fail to load. */
export function BestSellerStrip() {
  const { data, isLoading, isError } = useGetProductsQuery({ status: 'BestSeller', limit: 8 });
  const quickView = useQuickView();
  if (isError || (!isLoading && (data?.items.length ?? 0) === 0)) return null;

  return (
    <section className={styles.section} aria-labelledby="best-sellers-title">
      <div className={styles.heading}>
        <div>
          <p className={styles.eyebrow}>Most loved</p>
          <h2 id="best-sellers-title">Our best sellers</h2>
        </div>
        <Link to={paths.bestSellers} className={styles.all}>
          See all best sellers
        </Link>
      </div>
      <ul className={styles.strip} aria-label="Best sellers">
        {isLoading || !data
          ? Array.from({ length: 4 }, (_, index) => (
              <li key={index}>
                <ProductCardSkeleton />
              </li>
            ))
          : data.items.map((product) => (
              <li key={product._id}>
                <ProductCard product={product} onQuickView={quickView.open} action={<WishlistHeart product={product} />} />
              </li>
            ))}
      </ul>
      {quickView.element}
    </section>
  );
}
