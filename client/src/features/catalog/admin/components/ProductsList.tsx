// The back office's products (/admin/productslist): every product, hidden ones too, ten to a
// page from the server; searched by code or name and filtered by sub-category, status and
// stock, sorted, all in the URL. Admins select rows and show, hide or mark them best sellers at
// once; staff see the list only (the server refuses them changes too).
import { useEffect, useId, useState, type FormEvent } from 'react';
import { useLocation, useSearchParams } from '../../../../lib/router';
import { Button, ButtonLink } from '../../../../components/Button';
import { Link } from '../../../../components/Link';
import { BackOfficeTable, countSummary, type BackOfficeColumn } from '../../../../components/BackOfficeTable';
import styles from '../../../../components/BackOfficeList.module.css';
import { useAppDispatch } from '../../../../app/hooks';
import type { ApiError } from '../../../../lib/api';
import { formatRupees } from '../../../../lib/money';
import { toastShown } from '../../../../lib/toast';
import { useGetCategoryQuery } from '../../api';
import { useGetAdminProductsQuery, useSetProductsStatusMutation } from '../api';
import { bulkActions, changeProductFilters, emptyProductFilters, productFiltersToSearch, readProductFilters, stockInWords } from '../list';
import type { AdminProduct, AdminProductFilters, BulkStatus } from '../types';
import own from './ProductsList.module.css';

export const productMessages = { loading: 'Loading...', empty: 'No products match these filters.' } as const;

function problem(error: unknown, fallback: string): string {
  return (error as Partial<ApiError> | undefined)?.message || fallback;
}

export function ProductsList({ canChange }: { canChange: boolean }) {
  const dispatch = useAppDispatch();
  const [search, setSearch] = useSearchParams();
  const { pathname } = useLocation();
  const filters = readProductFilters(search);
  const result = useGetAdminProductsQuery(filters);
  const { data, isError, error } = result;
  const [setStatus, statusCall] = useSetProductsStatusMutation();
  const [selected, setSelected] = useState<string[]>([]);

  useEffect(() => {
    if (isError) dispatch(toastShown({ message: problem(error, 'Products could not be loaded'), type: 'error' }));
  }, [dispatch, isError, error]);

  const apply = (next: AdminProductFilters) => {
    setSelected([]);
    setSearch(productFiltersToSearch(next));
  };
  const products = data?.items ?? [];
  const narrowed = productFiltersToSearch({ ...filters, page: 1 }).toString() !== '';

  async function bulk(status: BulkStatus) {
    const action = bulkActions.find((candidate) => candidate.status === status);
    try {
      const { updated } = await setStatus({ ids: selected, status }).unwrap();
      dispatch(toastShown({ message: `${updated === 1 ? '1 product' : `${updated} products`} ${action?.done ?? 'changed'}` }));
      setSelected([]);
    } catch (failure) {
      dispatch(toastShown({ message: problem(failure, 'The products could not be changed'), type: 'error' }));
    }
  }

  return (
    <div className={styles.page}>
      <title>Products — drape back office</title>
      <header>
        <p className={styles.eyebrow}>Back office</p>
        <h1 className={styles.title}>Products</h1>
        <p className={styles.lede}>Every product, including hidden ones, with its price and what is left in each size.</p>
      </header>

      {canChange && (
        <div>
          <ButtonLink to="/admin/addproduct">New product</ButtonLink>
        </div>
      )}
      <Filters key={search.toString()} filters={filters} onApply={(patch) => apply(changeProductFilters(filters, patch))} />
      {narrowed && (
        <button type="button" className={styles.clear} onClick={() => apply(emptyProductFilters)}>
          Clear filters
        </button>
      )}

      <BackOfficeTable
        label="Products"
        columns={columns}
        items={products}
        itemId={(product) => product._id}
        query={result}
        messages={{ ...productMessages, error: 'Products could not be loaded.' }}
        summary={countSummary({ none: 'No products', one: '1 product', many: 'products' })}
        selection={
          canChange
            ? {
                selected,
                onChange: setSelected,
                allLabel: 'Select every product on this page',
                itemLabel: (product) => `Select ${product.productName}`,
                toolbarLabel: 'Change the selected products',
                prompt: 'Select products to change them together',
                actions: bulkActions.map((action) => (
                  <Button key={action.status} variant="secondary" disabled={selected.length === 0 || statusCall.isLoading} onClick={() => void bulk(action.status)}>
                    {action.label}
                  </Button>
                )),
              }
            : undefined
        }
        beforeTable={!canChange && <p className={own.note}>You can look through the catalog; only an admin changes products.</p>}
        pages={{
          label: 'Product pages',
          hrefFor: (page) => {
            const query = productFiltersToSearch({ ...filters, page }).toString();
            return query ? `${pathname}?${query}` : pathname;
          },
        }}
      />
    </div>
  );
}

/** The list's columns: the product (its editor's link), where it sits, price, stock and whether it shows. */
const columns: BackOfficeColumn<AdminProduct>[] = [
  {
    heading: 'Product',
    cell: (product) => (
      <div className={own.product}>
        {product.thumbnail ? <img src={product.thumbnail} alt="" width={32} height={40} loading="lazy" /> : <span className={own.noImage} />}
        <span>
          <Link to={`/admin/getproduct/${product._id}`} className={`${styles.who} ${own.edit}`}>
            {product.productName}
          </Link>
          <span className={styles.sub}>
            <code>{product.productId}</code>
          </span>
        </span>
      </div>
    ),
  },
  {
    heading: 'Sub-category',
    cell: (product) => (
      <>
        {product.subCategory}
        <span className={styles.sub}>{product.category}</span>
      </>
    ),
  },
  {
    heading: 'Price',
    numeric: true,
    cell: (product) => (
      <>
        {formatRupees(product.discountedPrice)}
        {product.discountedPrice < product.price && <span className={`${styles.sub} ${own.list}`}>{formatRupees(product.price)}</span>}
      </>
    ),
  },
  {
    heading: 'Stock',
    cell: (product) => {
      const stock = stockInWords(product);
      return <span className={own[stock.tone]}>{stock.text}</span>;
    },
  },
  {
    heading: 'Storefront',
    cell: (product) => (
      <>
        <span className={`${styles.pill} ${product.active ? styles.good : styles.bad}`}>{product.active ? 'Shown' : 'Hidden'}</span>
        {product.status === 'BestSeller' && <span className={`${styles.pill} ${own.best}`}>Best seller</span>}
      </>
    ),
  },
];

function Filters({ filters, onApply }: { filters: AdminProductFilters; onApply: (patch: Partial<Omit<AdminProductFilters, 'page'>>) => void }) {
  const ids = { search: useId(), type: useId(), status: useId(), stock: useId(), sort: useId() };
  const [text, setText] = useState(filters.search);
  const { data: categories } = useGetCategoryQuery();
  const types = [...new Set((categories?.items ?? []).flatMap((category) => category.subCategory.map((sub) => sub.categoryType)))].sort();
  function submit(event: FormEvent) {
    event.preventDefault();
    onApply({ search: text.trim() });
  }
  return (
    <form className={styles.filters} role="search" aria-label="Filter products" onSubmit={submit}>
      <div className={`${styles.filter} ${styles.wide}`}>
        <label htmlFor={ids.search}>Search</label>
        <input id={ids.search} type="search" value={text} placeholder="Code or name" autoComplete="off" onChange={(event) => setText(event.target.value)} />
      </div>
      <div className={styles.filter}>
        <label htmlFor={ids.type}>Sub-category</label>
        <select id={ids.type} value={filters.subCategory} onChange={(event) => onApply({ subCategory: event.target.value })}>
          <option value="">All</option>
          {types.map((type) => (
            <option key={type} value={type}>
              {type}
            </option>
          ))}
        </select>
      </div>
      <div className={styles.filter}>
        <label htmlFor={ids.status}>Status</label>
        <select id={ids.status} value={filters.status} onChange={(event) => onApply({ status: event.target.value as AdminProductFilters['status'] })}>
          <option value="">Any</option>
          <option value="active">Shown</option>
          <option value="inactive">Hidden</option>
          <option value="BestSeller">Best sellers</option>
        </select>
      </div>
      <div className={styles.filter}>
        <label htmlFor={ids.stock}>Stock</label>
        <select id={ids.stock} value={filters.stock} onChange={(event) => onApply({ stock: event.target.value as AdminProductFilters['stock'] })}>
          <option value="">Any</option>
          <option value="in">In stock</option>
          <option value="low">Running low</option>
          <option value="out">Sold out</option>
        </select>
      </div>
      <div className={styles.filter}>
        <label htmlFor={ids.sort}>Sort</label>
        <select id={ids.sort} value={filters.sort} onChange={(event) => onApply({ sort: event.target.value as AdminProductFilters['sort'] })}>
          <option value="">Newest first</option>
          <option value="oldest">Oldest first</option>
          <option value="name">Name</option>
          <option value="price">Price, low to high</option>
          <option value="-price">Price, high to low</option>
        </select>
      </div>
      <Button type="submit" variant="secondary" className={styles.apply}>
        Search
      </Button>
    </form>
  );
}
