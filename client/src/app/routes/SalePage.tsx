import { useSearchParams } from '../../lib/router';
import { ButtonLink } from '../../components/Button';
import { StateMessage } from '../../components/StateMessage';
import { useGetProductsQuery } from '../../features/catalog/api';
import { ProductGridSkeleton } from '../../features/catalog/components/ProductGrid';
import { filterQuery, productCount } from '../../features/catalog/listing';
import { useGetSaleQuery } from '../../features/sale/api';
import { SaleHero } from '../../features/sale/components/SaleHero';
import { paths } from '../../lib/paths';
import { FilterSlot } from './catalog/FilterSlot';
import { pageFromSearch, pageHref, ProductResults } from './catalog/ProductResults';
import styles from './SalePage.module.css';

const genericError = (
  <StateMessage tone="error" title="Oops something went wrong" detail="We are working on it. Please try again later.">
    <ButtonLink to={paths.shop} variant="secondary">
      Shop all
    </ButtonLink>
  </StateMessage>
);

/** /sale: the first running sale, its banner and its products, priced to the paisa (SPEC §9). */
export function SalePage() {
  const [params] = useSearchParams();
  const page = pageFromSearch(params);
  const sales = useGetSaleQuery();
  const sale = sales.data?.[0];
  const filters = filterQuery(params);
  const products = useGetProductsQuery({ sale: sale?._id, ...filters, page }, { skip: !sale?._id });

  if (sales.isLoading) {
    return (
      <div className={styles.page}>
        <title>Sale — drape</title>
        <div className={styles.bannerSkeleton} aria-hidden="true" />
        <ProductGridSkeleton />
      </div>
    );
  }
  if (sales.isError) {
    return (
      <div className={styles.page}>
        <title>Sale — drape</title>
        <h1 className="visually-hidden">Sale</h1>
        {genericError}
      </div>
    );
  }
  if (!sale) {
    return (
      <div className={styles.page}>
        <title>Sale — drape</title>
        <StateMessage
          headingLevel={1}
          title="No sale is running right now"
          detail="Our prices are fair all year round. Have a look at the full collection, or check back soon."
        >
          <ButtonLink to={paths.shop}>Shop the collection</ButtonLink>
        </StateMessage>
      </div>
    );
  }

  return (
    <div className={styles.page}>
      <title>{`${sale.saleName} — drape`}</title>
      <SaleHero sale={sale}>
        {products.currentData ? productCount(products.currentData.metadata.total) : '\u00a0'}
      </SaleHero>
      <section aria-label={`${sale.saleName} products`} className={styles.results}>
        <FilterSlot
          key={sale._id}
          listing={{ sale: sale._id }}
          facets={products.currentData?.facets}
          total={products.currentData?.metadata.total}
          active={Object.keys(filters).length > 0}
        />
        <ProductResults
          key={sale._id}
          query={{ ...products, data: products.currentData }}
          page={page}
          paise
          hrefFor={(target) => pageHref(paths.sale, target, filters)}
          label={sale.saleName}
          errorView={genericError}
          empty={<StateMessage title="No products available for this sale." />}
        />
      </section>
    </div>
  );
}
