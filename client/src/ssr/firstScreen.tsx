// The server-side render of the storefront, built by Vite as an SSR entry (vite build --ssr) and
// run by scripts/first-screen-templates.mjs at build time: it draws a page of the real app (the
// router, the shell, the page's own components) at a URL from the data the server puts into a
// page (<meta name="drape-catalog">, "drape-sales", "drape-banners"), with react-dom/server.
// The script turns those drawings into the Go templates of the server's first screen
// (server/firstscreen.go fills them), so the first screen has one markup source: the components.
import { prerender } from 'react-dom/static';
import { Provider } from 'react-redux';
import { Router } from '../lib/router';
import { AppRoutes } from '../app/router';
import { makeStore } from '../app/store';
import { api } from '../lib/api';
import { renderWishlistHeart } from '../app/routes/catalog/WishlistHeart';
import { bannersApi } from '../features/banners/api';
import type { Banner } from '../features/banners/types';
import { normaliseProduct, seedCatalogFromPage } from '../features/catalog/api';
import { ProductCard } from '../features/catalog/components/ProductCard';
import type { CategoryList, Product, ProductListQuery } from '../features/catalog/types';
import { seedSalesFromPage } from '../features/sale/api';
import type { Sale } from '../features/sale/types';
import { themeSet } from '../features/ui/themeSlice';
import type { Theme } from '../features/ui/types';

/** The shop's name, for the server's page heads (the template "brand"). */
export { brandName } from '../lib/brandName';

/** What the server carries in a page for the app's first render. */
export interface PageData {
  categories?: { items: CategoryList['items'] };
  listing?: { query: ProductListQuery; page: unknown };
  product?: Product;
  sales?: Sale[];
  banners?: Banner[];
  theme?: Theme;
}

/**
 * A store holding data as the app's own start puts it there: from the page's <meta> tags
 * (main.tsx), here written into the document Node renders in (scripts/first-screen-templates.mjs
 * gives it one).
 */
async function storeWith(data: PageData) {
  const store = makeStore();
  if (data.theme) store.dispatch(themeSet(data.theme));
  const meta = (name: string, value: unknown) => {
    const tag = document.createElement('meta');
    tag.name = name;
    tag.content = JSON.stringify(value);
    return tag;
  };
  const catalogTag = meta('drape-catalog', { categories: data.categories, listing: data.listing, product: data.product });
  document.head.replaceChildren(...(data.sales ? [meta('drape-sales', data.sales), catalogTag] : [catalogTag]));
  const sales = seedSalesFromPage();
  if (sales) await store.dispatch(sales);
  const catalog = seedCatalogFromPage();
  if (catalog) store.dispatch(catalog);
  if (data.banners) await store.dispatch(bannersApi.util.upsertQueryData('getBanners', undefined, data.banners));
  return store;
}

async function toHtml(node: React.ReactNode): Promise<string> {
  const { prelude } = await prerender(node);
  return new Response(prelude).text();
}

/**
 * The markup draw(store) renders with a store seeded from data. The store's cache is dropped
 * afterwards: RTK Query keeps unused data for ten minutes behind a timer per entry, which would
 * hold the build's Node process open that long.
 */
async function drawWith(data: PageData, draw: (store: Awaited<ReturnType<typeof storeWith>>) => React.ReactNode): Promise<string> {
  const store = await storeWith(data);
  try {
    return await toHtml(draw(store));
  } finally {
    store.dispatch(api.util.resetApiState());
  }
}

/** Whether React left a part of the drawing to stream in later (a lazy page or part loading). */
const streamsLater = (html: string) => html.includes('<template id="B:') || html.includes('<!--$?-->');

/**
 * The app's markup at url, drawn from data. A drawing that meets lazy pages or parts not yet
 * loaded streams them in as they come; once loaded, a second drawing has them all in place.
 */
export async function renderPage(url: string, data: PageData): Promise<string> {
  const page = () =>
    drawWith(data, (store) => (
      <Provider store={store}>
        <Router ssrPath={url}>
          <AppRoutes />
        </Router>
      </Provider>
    ));
  const first = await page();
  return streamsLater(first) ? page() : first;
}

/** One ProductCard as a listing shows it (heading level 2, quick view, wishlist heart). */
export async function renderProductCard(product: Product, eager: boolean): Promise<string> {
  return drawWith({}, (store) => (
    <Provider store={store}>
      <Router ssrPath="/">
        <ProductCard product={normaliseProduct(product)} headingLevel={2} eager={eager} onQuickView={() => undefined} action={renderWishlistHeart(product)} />
      </Router>
    </Provider>
  ));
}
