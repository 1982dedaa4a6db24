// /api/getproduct/{_id} and /product/{slug}: a product's page (its own lazy chunk): gallery, price, sizes, wishlist,
// description, details, returns, and the approved reviews with their average.
import { useParams, useSearchParams } from '../../lib/router';
import { Breadcrumbs } from '../../components/Breadcrumbs';
import { ButtonLink } from '../../components/Button';
import { StateMessage } from '../../components/StateMessage';
import { useAddToCart } from '../../features/cart/useAddToCart';
import { useGetProductQuery } from '../../features/catalog/api';
import { PriceSummary } from '../../features/catalog/components/PriceSummary';
import { ProductDeclarations } from '../../features/catalog/components/ProductDeclarations';
import { ProductGallery } from '../../features/catalog/components/ProductGallery';
import { SizeChartButton } from '../../features/catalog/components/SizeChartButton';
import { SizePicker } from '../../features/catalog/components/SizePicker';
import { appliedSale, isSoldOut, productErrorMessage } from '../../features/catalog/pricing';
import type { Product } from '../../features/catalog/types';
import { FitNote } from '../../features/returns/components/FitNote';
import { ProductReviews } from '../../features/reviews/components/ProductReviews';
import { useFirstScreenDone } from '../../lib/firstScreen';
import { usePageHead } from '../../lib/pageHead';
import { genderListPath, paths, productListPath } from '../../lib/paths';
import { truncate } from '../../lib/text';
import { shippingPromise } from '../../lib/shippingTerms';
import { WishlistHeart } from './catalog/WishlistHeart';
import { DeliveryCheck } from './DeliveryCheck';
import { RestockAlertSlot } from './RestockAlertSlot';
import styles from './ProductPage.module.css';

/**
 * /api/getproduct/{_id} and /product/{slug}: the product's detail page (SPEC §2 links products at
 * their API path; /product/{slug} is its canonical address).
 */
export function ProductPage() {
  const { id = '', slug = '' } = useParams();
  const { currentData: product, error, isError } = useGetProductQuery(id || slug, { skip: !id && !slug });
  useFirstScreenDone(product !== undefined || isError);

  if (isError && (error as { status?: unknown } | undefined)?.status === 404) {
    return (
      <>
        <title>Product not found — drape</title>
        <StateMessage
          headingLevel={1}
          title="Product not found"
          detail="This product is no longer in our collection, or the link is mistyped."
        >
          <ButtonLink to={paths.shop}>Shop all</ButtonLink>
          <ButtonLink to={paths.home} variant="secondary">
            Back to home
          </ButtonLink>
        </StateMessage>
      </>
    );
  }
  if (isError) {
    return (
      <StateMessage headingLevel={1} tone="error" title={productErrorMessage(error)} detail="Failed to fetch products.">
        <ButtonLink to={paths.shop} variant="secondary">
          Shop all
        </ButtonLink>
      </StateMessage>
    );
  }
  if (!product) return <ProductSkeleton />;
  return <ProductDetail product={product} />;
}

function ProductDetail({ product }: { product: Product }) {
  const addToCart = useAddToCart();
  // ?size= (the back-in-stock mail's link, a listing filtered by size) opens with that size chosen.
  const [search] = useSearchParams();
  const soldOut = isSoldOut(product);
  usePageHead({
    title: `${product.productName} — drape`,
    description: truncate(product.basicProductDescription, 155) || undefined,
    path: product.slug ? `/product/${encodeURIComponent(product.slug)}` : undefined,
    image: product.thumbnail || undefined,
  });
  const sale = appliedSale(product);
  const dimensions = [product.length, product.width, product.hight].every((value) => value > 0)
    ? `${product.length} × ${product.width} × ${product.hight} cm`
    : '';

  const details: [string, string][] = [
    ['Colour', product.colour],
    ['Fit', product.size],
    ['Collection', [product.category, product.subCategory].filter(Boolean).join(' · ')],
    ['Product code', product.productId],
    ['Package', dimensions],
    ['Weight', product.weight > 0 ? `${product.weight} g` : ''],
  ];

  return (
    <div className={styles.page}>
      <title>{`${product.productName} — drape`}</title>
      <Breadcrumbs
        items={[
          { label: 'Home', to: paths.home },
          ...(product.category ? [{ label: product.category, to: genderListPath(product.category) }] : []),
          ...(product.subCategory ? [{ label: product.subCategory, to: productListPath(product.subCategory) }] : []),
          { label: product.productName },
        ]}
      />
      <div className={styles.layout}>
        <ProductGallery product={product} soldOut={soldOut} />
        <div className={styles.info}>
          {sale && <p className={styles.saleChip}>{sale.saleName}</p>}
          <h1 className={styles.name}>{product.productName}</h1>
          <p className={styles.code}>
            <span>Code</span> {product.productId}
          </p>
          <PriceSummary product={product} shipping={shippingPromise()} />
          <SizePicker
            product={product}
            initial={search.get('size')}
            onAdd={(size) => void addToCart(product, size)}
            aside={<SizeChartButton image={product.sizeChart} productName={product.productName} />}
            soldOut={(size) => <RestockAlertSlot productId={product._id} size={size} />}
          />
          <FitNote productId={product._id} />
          <div className={styles.wishlist}>
            <WishlistHeart product={product} variant="inline" />
          </div>
          <DeliveryCheck />

          <section className={styles.section} aria-labelledby="product-description">
            <h2 id="product-description">Description</h2>
            <p className={styles.description}>{product.basicProductDescription}</p>
          </section>

          <section className={styles.section} aria-labelledby="product-details">
            <h2 id="product-details">Details</h2>
            <dl className={styles.details}>
              {details
                .filter(([, value]) => value)
                .map(([term, value]) => (
                  <div key={term}>
                    <dt>{term}</dt>
                    <dd>{value}</dd>
                  </div>
                ))}
            </dl>
          </section>

          <ProductDeclarations declarations={product.declarations} />

          {product.returnDescription && (
            <section className={styles.section} aria-labelledby="product-returns">
              <h2 id="product-returns">Returns and exchanges</h2>
              <p className={styles.description}>{product.returnDescription}</p>
            </section>
          )}
        </div>
      </div>
      <ProductReviews productId={product._id} />
    </div>
  );
}

function ProductSkeleton() {
  return (
    <div className={styles.page} role="status" aria-live="polite">
      <span className="visually-hidden">Loading product</span>
      <div className={styles.breadcrumbSpace} aria-hidden="true" />
      <div className={styles.layout} aria-hidden="true">
        <div className={`${styles.skeletonImage} ${styles.shimmer}`} />
        <div className={styles.info}>
          <span className={`${styles.skeletonLine} ${styles.shimmer}`} style={{ width: '70%', height: 40 }} />
          <span className={`${styles.skeletonLine} ${styles.shimmer}`} style={{ width: '30%' }} />
          <span className={`${styles.skeletonLine} ${styles.shimmer}`} style={{ width: '40%', height: 28 }} />
          <span className={`${styles.skeletonLine} ${styles.shimmer}`} style={{ width: '100%', height: 52 }} />
          <span className={`${styles.skeletonLine} ${styles.shimmer}`} style={{ width: '100%', height: 52 }} />
        </div>
      </div>
    </div>
  );
}
