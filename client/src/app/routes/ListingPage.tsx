// /shop, /shop/{gender, category or sub-category}, /products/{sub-category} and
// /products/bestseller: the listing with its banner (the sub-category's picture, or the stored
// best-seller banner) and its products.
import { lazy, Suspense } from 'react';
import { useLocation, useParams, useSearchParams } from '../../lib/router';
import { ButtonLink } from '../../components/Button';
import { StateMessage } from '../../components/StateMessage';
import { categoryOf, findSubCategory, useGetCategoryQuery, useGetProductsQuery } from '../../features/catalog/api';
import { filterQuery, listingFor, productCount } from '../../features/catalog/listing';
import { useFirstScreenDone } from '../../lib/firstScreen';
import { usePageHead } from '../../lib/pageHead';
import { paths } from '../../lib/paths';
import { FilterSlot } from './catalog/FilterSlot';
import { pageFromSearch, pageHref, ProductResults } from './catalog/ProductResults';
import styles from './ListingPage.module.css';

const StoredBestSellerBanner = lazy(() => import('./listing/StoredBestSellerBanner'));
const NotFoundPage = lazy(() => import('./NotFoundPage').then((module) => ({ default: module.NotFoundPage })));

/** /shop, /shop/{type}, /products/{sub-category} and /products/bestseller. */
export function ListingPage() {
  const params = useParams();
  const { pathname } = useLocation();
  const [search] = useSearchParams();
  const page = pageFromSearch(search);
  // The header's Shop menu has the category list already; without it (it failed), /shop/{type}
  // is read as a sub-category.
  const { data: categories, isError } = useGetCategoryQuery(undefined, { skip: !params.type && !params.subcategory });
  const listing = listingFor(params, isError ? null : categories);
  const subCategory = listing.subCategory ? findSubCategory(categories, listing.subCategory) : undefined;
  // /products/{name} of a sub-category the shop does not have: the server answered 404 with
  // this page, so the shop's 404 page is drawn, not an empty listing.
  const unknown = params.subcategory !== undefined && listing.kind === 'subcategory' && categories !== undefined && !isError && !subCategory;
  const filters = filterQuery(search);
  const products = useGetProductsQuery({ ...listing.query, ...filters, page }, { skip: listing.pending || unknown });
  const category = listing.subCategory ? categoryOf(categories, listing.subCategory) : undefined;
  const total = products.currentData?.metadata.total;
  const eyebrow = category?.name ?? listing.eyebrow;
  useFirstScreenDone(products.currentData !== undefined || products.isError || unknown);
  usePageHead({ title: `${listing.title} — drape`, image: subCategory?.image });

  if (unknown) {
    return (
      <Suspense fallback={null}>
        <NotFoundPage />
      </Suspense>
    );
  }
  return (
    <div className={styles.page}>
      <title>{`${listing.title} — drape`}</title>
      <header className={styles.header} data-kind={listing.kind}>
        <div className={styles.heading}>
          <p className={styles.eyebrow}>{eyebrow}</p>
          <h1 className={styles.title}>{listing.title}</h1>
          <p className={styles.count} aria-live="polite">
            {total !== undefined ? productCount(total) : '\u00a0'}
          </p>
        </div>
        <ListingBanner kind={listing.kind} image={subCategory?.image} />
      </header>

      <section className={styles.results} aria-label={`${listing.title} products`}>
        {!listing.pending && (
          <FilterSlot
            key={`filters ${listing.key}`}
            listing={listing.query}
            facets={products.currentData?.facets}
            total={total}
            active={Object.keys(filters).length > 0}
          />
        )}
        <ProductResults
          key={`results ${listing.key}`}
          query={{ ...products, data: products.currentData, isLoading: products.isLoading || Boolean(listing.pending) }}
          page={page}
          hrefFor={(target) => pageHref(pathname, target, filters)}
          label={listing.title}
          sizes={filters.size?.split(',')}
          empty={
            <StateMessage title="No products found" detail="Contact admin for more">
              {listing.kind !== 'all' && <ButtonLink to={paths.shop} variant="secondary">Shop all</ButtonLink>}
            </StateMessage>
          }
        />
      </section>
    </div>
  );
}

/**
 * The banner beside the title: the sub-category's picture, or for best sellers the stored
 * best-seller banner (the drawn rosette when none is on), loaded with its own chunk.
 */
function ListingBanner({ kind, image }: { kind: string; image?: string }) {
  if (kind === 'bestseller') {
    return (
      <Suspense fallback={<div className={`${styles.banner} ${styles.bestSeller}`} />}>
        <StoredBestSellerBanner />
      </Suspense>
    );
  }
  if (kind === 'subcategory') {
    return (
      <div className={styles.banner} data-testid="listing-banner">
        {image && <img src={image} alt="" width={480} height={600} className={styles.bannerImage} />}
      </div>
    );
  }
  return null;
}
