// The best-seller listing's banner, in its own chunk: only /products/bestseller loads it, so
// other listings carry none of its code. It is the stored banner (GET /api/banners, place
// bestseller) when one is on, else the drawn "No. 1" rosette.
import { useGetBannersQuery } from '../../../features/banners/api';
import { bannerFor } from '../../../features/banners/banners';
import { BannerPicture } from '../../../features/banners/components/BannerParts';
import styles from '../ListingPage.module.css';

/** The default export, so ListingPage's lazy() needs no wrapper (every byte there is a shopper's). */
export default function StoredBestSellerBanner() {
  const { data, isLoading } = useGetBannersQuery();
  const stored = bannerFor(data, 'bestseller');
  if (stored) {
    return (
      <div className={styles.banner} data-testid="bestseller-banner">
        <BannerPicture banner={stored} className={styles.bannerImage} width={480} height={600} />
      </div>
    );
  }
  return (
    <div className={`${styles.banner} ${styles.bestSeller}`} aria-hidden="true" data-testid="bestseller-banner">
      {!isLoading && (
        <div className={styles.rosette}>
          <span className={styles.rosetteSmall}>Customer</span>
          <span className={styles.rosetteBig}>No. 1</span>
          <span className={styles.rosetteSmall}>favourites</span>
        </div>
      )}
    </div>
  );
}
