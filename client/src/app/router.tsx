import { createBrowserRouter, type RouteObject } from 'react-router-dom';
import { Loader } from '../components/Loader';
import { paths } from '../lib/paths';
import { RootLayout } from './shell/RootLayout';
import { ErrorPage } from './routes/ErrorPage';
import { HomePage } from './routes/HomePage';
import { LoaderPage } from './routes/LoaderPage';
import { NotFoundPage } from './routes/NotFoundPage';

export const routes: RouteObject[] = [
  {
    element: <RootLayout />,
    errorElement: <ErrorPage standalone />,
    hydrateFallbackElement: <Loader fullScreen />,
    children: [
      {
        errorElement: <ErrorPage />,
        children: [
          { path: paths.home, element: <HomePage /> },
          { path: paths.loader, element: <LoaderPage /> },
          {
            path: paths.aboutUs,
            lazy: () => import('./routes/AboutPage').then((page) => ({ Component: page.AboutPage })),
          },
          {
            path: paths.contactUs,
            lazy: () => import('./routes/ContactPage').then((page) => ({ Component: page.ContactPage })),
          },
          {
            path: paths.shippingPolicy,
            lazy: () =>
              import('./routes/ShippingPolicyPage').then((page) => ({ Component: page.ShippingPolicyPage })),
          },
          { path: '*', element: <NotFoundPage /> },
        ],
      },
    ],
  },
];

export function createRouter() {
  return createBrowserRouter(routes);
}
