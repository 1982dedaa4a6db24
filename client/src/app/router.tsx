// The storefront's routes (SPEC §2), matched by wouter (lib/router.tsx) against the address
// main.tsx's <Router> reads. Every page is its own lazily loaded chunk; only the shell (header,
// sale banner) is in the entry. Crashes fall into error boundaries that show ErrorPage (loaded by
// CrashPage when one happens).
import { Suspense, type ComponentType } from 'react';
import { matchRoute, Route, Switch, useRoutePath, useRouter } from '../lib/router';
import { Loader } from '../components/Loader';
import { paths } from '../lib/paths';
import { lazyPage } from './lazyPage';
import { CrashPage } from './shell/CrashPage';
import { ErrorBoundary } from './shell/ErrorBoundary';
import { RootLayout } from './shell/RootLayout';

const HomePage = lazyPage(() => import('./routes/HomePage'), 'HomePage');
const LoaderPage = lazyPage(() => import('./routes/LoaderPage'), 'LoaderPage');
const AboutPage = lazyPage(() => import('./routes/AboutPage'), 'AboutPage');
const ContactPage = lazyPage(() => import('./routes/ContactPage'), 'ContactPage');
const ShippingPolicyPage = lazyPage(() => import('./routes/ShippingPolicyPage'), 'ShippingPolicyPage');
const ListingPage = lazyPage(() => import('./routes/ListingPage'), 'ListingPage');
const SearchPage = lazyPage(() => import('./routes/SearchPage'), 'SearchPage');
const ProductPage = lazyPage(() => import('./routes/ProductPage'), 'ProductPage');
const SalePage = lazyPage(() => import('./routes/SalePage'), 'SalePage');
const ReturnPolicyPage = lazyPage(() => import('./routes/ContentPages'), 'ReturnPolicyPage');
const TermsPage = lazyPage(() => import('./routes/ContentPages'), 'TermsPage');
const CartPage = lazyPage(() => import('./routes/CartPage'), 'CartPage');
const GuestCartPage = lazyPage(() => import('./routes/CartPage'), 'GuestCartPage');
const CheckoutPage = lazyPage(() => import('./routes/CartPage'), 'CheckoutPage');
const NotFoundPage = lazyPage(() => import('./routes/NotFoundPage'), 'NotFoundPage');
// Sign-in pages, /account and /user/* share one chunk; the back office has its own.
const AccountRoutes = lazyPage(() => import('./routes/account/AccountRoutes'), 'AccountRoutes');
const BackOfficeRoutes = lazyPage(() => import('./routes/admin/BackOffice'), 'BackOfficeRoutes');
// Thank-you and order tracking pages share one chunk.
const OrderRoutes = lazyPage(() => import('./routes/orders/OrderRoutes'), 'OrderRoutes');

// Every storefront path and its page, the first match winning (paths match whatever their letter
// case, with or without a trailing slash); the order and account paths share their chunks' pages.
// An area such as /user/* is listed bare as well, since /user/* alone needs a segment after /user.
const storefrontPages: [string, ComponentType][] = [
  [paths.home, HomePage],
  [paths.loader, LoaderPage],
  [paths.aboutUs, AboutPage],
  [paths.contactUs, ContactPage],
  [paths.shippingPolicy, ShippingPolicyPage],
  [paths.shop, ListingPage],
  [`${paths.shop}/:type`, ListingPage],
  ['/products/:subcategory', ListingPage],
  [paths.search, SearchPage],
  ['/api/getproduct/:id', ProductPage],
  ['/product/:slug', ProductPage],
  [paths.sale, SalePage],
  [paths.returns, ReturnPolicyPage],
  [paths.privacyPolicy, ReturnPolicyPage],
  [paths.terms, TermsPage],
  [paths.cart, CartPage],
  [paths.guestCart, GuestCartPage],
  [paths.checkout, CheckoutPage],
  ...[
    '/thankyou',
    '/thankyoupage',
    paths.track,
    '/trackid',
    '/trackid/*',
    '/confirm-order/:token',
    '/delivery-issue/:token',
    '/restock-alerts/:token',
    '/grievance',
    '/grievance/*',
  ].map((path): [string, ComponentType] => [path, OrderRoutes]),
  ...[paths.login, '/signup', '/userlogin', '/account', '/user', '/user/*', '/privacy'].map((path): [string, ComponentType] => [path, AccountRoutes]),
];

/** The back office's paths: /adminlogin, /registeradmin, /admin and everything under it. */
const backOfficePaths = /^\/(adminlogin|registeradmin|admin(\/.*)?)\/?$/i;

/**
 * The storefront page at the current address, or the 404 page. Rendered without a key, a page
 * the next address draws too (a listing, another listing) stays mounted, as it did under React
 * Router.
 */
function StorefrontPage() {
  const path = useRoutePath();
  const { parser } = useRouter();
  const page = storefrontPages.find(([pattern]) => matchRoute(parser, pattern, path)[0]);
  if (!page) return <NotFoundPage />;
  const [pattern, Page] = page;
  return (
    <Route path={pattern}>
      <Page />
    </Route>
  );
}

export function AppRoutes() {
  return (
    <ErrorBoundary fallback={(error) => <CrashPage error={error} standalone />}>
      <Switch>
        {/* The back office: its own frame, without the storefront's header and footer. */}
        <Route path={backOfficePaths}>
          <Suspense fallback={<Loader fullScreen />}>
            <BackOfficeRoutes />
          </Suspense>
        </Route>
        <Route>
          <RootLayout>
            <StorefrontPage />
          </RootLayout>
        </Route>
      </Switch>
    </ErrorBoundary>
  );
}
