// The home page: the hero (the stored home banner from the back office, or the drawn cloth when
// none is on), the shop's promises, category tiles, best sellers, how the clothes are made and
// a word about sizes.
import { ButtonLink } from '../../components/Button';
import { ClockIcon, ReturnIcon, TruckIcon } from '../../components/moreIcons';
import { bannersFromPage, useGetBannersQuery } from '../../features/banners/api';
import { bannerFor } from '../../features/banners/banners';
import { BannerAction, BannerPicture, BannerTitle } from '../../features/banners/components/BannerParts';
import { CategoryTiles } from '../../features/catalog/components/CategoryTiles';
import { brand } from '../../lib/brand';
import { useFirstScreenDone } from '../../lib/firstScreen';
import { paths } from '../../lib/paths';
import { shippingDetail, shippingPromise } from '../../lib/shippingTerms';
import { BestSellerStrip } from './home/BestSellerStrip';
import styles from './HomePage.module.css';

const promises = () => [
  {
    icon: TruckIcon,
    title: shippingPromise(),
    text: shippingDetail(),
  },
  {
    icon: ClockIcon,
    title: 'Dispatched in 1–2 business days',
    text: 'Delivered in 3–7 business days, with tracking by e-mail or SMS.',
  },
  {
    icon: ReturnIcon,
    title: 'Easy returns and exchanges',
    text: 'A size not quite right? We will help you swap it.',
  },
];

const craft = [
  {
    title: 'Cut in Jaipur',
    text: 'Every pattern is drafted and cut by our own team in Jaipur, so the fit you order is the fit that arrives.',
  },
  {
    title: 'Stretch and flexi-waist',
    text: 'Trousers with a little give in the cloth and at the waist: sharp at the desk, easy through a long day.',
  },
  {
    title: 'Finished with care',
    text: 'Clean seams, reinforced pockets and buttons sewn to stay. Formal wear should outlast the season.',
  },
];

// The banners the page arrived with: the hero is drawn from them at once, while the call that
// keeps them fresh (and live) runs.
const pageBanners = bannersFromPage();

export function HomePage() {
  const banners = useGetBannersQuery();
  const shown = banners.data ?? pageBanners;
  const hero = bannerFor(shown, 'home');
  // The server drew the hero from the same banners (server/firstscreen.go).
  useFirstScreenDone(true);
  return (
    <>
      <title>drape — formal wear</title>
      <section className={styles.hero} aria-labelledby="hero-title" data-waiting={(banners.isLoading && !pageBanners) || undefined} data-testid="home-hero">
        <div>
          <p className={styles.eyebrow}>
            {brand.company} · Made in India
          </p>
          <h1 id="hero-title" className={styles.title}>
            {hero ? (
              <BannerTitle title={hero.title} />
            ) : (
              <>
                Tailored formal wear, <em>made in Jaipur</em>
              </>
            )}
          </h1>
          {hero ? (
            hero.subtitle && <p className={styles.lede}>{hero.subtitle}</p>
          ) : (
            <p className={styles.lede}>
              Shirts, trousers and our stretch and flexi-waist pants for men and women, cut for a clean line and finished
              for the working day.
            </p>
          )}
          <div className={styles.actions}>
            {hero ? <BannerAction banner={hero} /> : <ButtonLink to={paths.shop}>Shop the collection</ButtonLink>}
            <ButtonLink to={paths.aboutUs} variant="secondary">
              Our story
            </ButtonLink>
          </div>
        </div>
        {hero ? (
          <div className={styles.picture}>
            <BannerPicture banner={hero} className={styles.pictureImage} width={600} height={800} />
          </div>
        ) : (
          <div className={styles.cloth} aria-hidden="true">
            <div className={styles.label}>
              <span className={styles.labelBrand}>{brand.name}</span>
              <span className={styles.labelLine}>Jaipur · India</span>
            </div>
            <div className={styles.tape} />
          </div>
        )}
      </section>

      <section className={styles.promises} aria-label="Our promise">
        <ul className={styles.promiseList}>
          {promises().map(({ icon: Icon, title, text }) => (
            <li key={title} className={styles.promise}>
              <Icon size={28} />
              <div>
                <h2 className={styles.promiseTitle}>{title}</h2>
                <p className={styles.promiseText}>{text}</p>
              </div>
            </li>
          ))}
        </ul>
      </section>

      <section className={styles.categories} aria-labelledby="categories-title">
        <div className={styles.sectionHeading}>
          <p className={styles.eyebrow}>The collection</p>
          <h2 id="categories-title">Shop by category</h2>
        </div>
        <CategoryTiles />
      </section>

      <BestSellerStrip />

      <section className={styles.craft} aria-labelledby="craft-title">
        <div className={styles.craftHeading}>
          <h2 id="craft-title">Made for the long day</h2>
          <p>
            We make a small range of formal clothes and make it well. No trends to chase, just fit, fabric and finish.
          </p>
        </div>
        <ol className={styles.craftGrid}>
          {craft.map((item, index) => (
            <li key={item.title} className={styles.craftItem}>
              <span className={styles.craftNumber}>{String(index + 1).padStart(2, '0')}</span>
              <h3>{item.title}</h3>
              <p>{item.text}</p>
            </li>
          ))}
        </ol>
      </section>

      <section className={styles.closing} aria-labelledby="closing-title">
        <div className={styles.closingInner}>
          <div>
            <h2 id="closing-title">Not sure of your size?</h2>
            <p>Every product has a size chart, and our team in Jaipur is happy to help you choose.</p>
          </div>
          <ButtonLink to={paths.contactUs} variant="secondary">
            Ask our team
          </ButtonLink>
        </div>
      </section>
    </>
  );
}
