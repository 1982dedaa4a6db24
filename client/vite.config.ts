/// <reference types="vitest/config" />
import { fileURLToPath } from 'node:url';
import { defineConfig, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';

// The Go server the dev server proxies to (DRAPE_API=http://127.0.0.1:8795 npm run dev for another port).
const goServer = process.env.DRAPE_API ?? 'http://127.0.0.1:8080';

// React Router's package exports only its development build (warnings and invariant messages
// included); production builds use its production build, which is smaller.
function reactRouterProduction() {
  const file = (name: string) => fileURLToPath(new URL(`./node_modules/react-router/dist/production/${name}`, import.meta.url));
  return [
    { find: /^react-router$/, replacement: file('index.mjs') },
    { find: /^react-router\/dom$/, replacement: file('dom-export.mjs') },
  ];
}

// React Router's build declares Link, NavLink and Form with un-annotated forwardRef calls and
// then sets their displayName, so a bundler must keep them (and the framework-mode prefetching
// they pull in) even in apps that never render them. Marking those calls pure and dropping the
// displayName lines (only React DevTools reads them) lets unused components fall away.
function reactRouterTreeShaking(): Plugin {
  return {
    name: 'drape:react-router-tree-shaking',
    apply: 'build',
    transform(code, id) {
      if (!/[\\/]react-router[\\/]dist[\\/]production[\\/]chunk-[^/\\]*\.mjs$/.test(id)) return null;
      return {
        code: code
          .replace(/^(var \w+ = )(React\d*\.(?:forwardRef|memo)\()/gm, '$1/* @__PURE__ */ $2')
          .replace(/^\w+\.displayName = "[^"\n]*";$/gm, ''),
        map: null,
      };
    },
  };
}

const firstPaintPackages =
  /\/node_modules\/(react|react-dom|scheduler|react-router|react-router-dom|react-redux|@reduxjs\/toolkit|redux|redux-thunk|reselect|immer|use-sync-external-store|@standard-schema\/utils)\//;

const sharedCatalogModules = new RegExp(
  [
    'app/routes/catalog/',
    'features/catalog/(pricing|listing)\\.ts',
    'features/catalog/components/Product(Card|Grid)',
    'features/cart/useAddToCart',
    'components/(StateMessage|Price|Pagination|pageItems)',
    'lib/(money|text|useMediaQuery)',
  ]
    .map((path) => `/src/${path}`)
    .join('|'),
);

export default defineConfig(({ command }) => ({
  plugins: [react(), reactRouterTreeShaking()],
  resolve: {
    alias: command === 'build' ? reactRouterProduction() : [],
  },
  server: {
    port: 5173,
    proxy: {
      '/api/ws': { target: goServer, ws: true, changeOrigin: false },
      '/api': {
        target: goServer,
        // A browser opening /api/getproduct/{id} wants the product page (SPEC §2), not JSON.
        bypass: (request) =>
          request.headers.accept?.includes('text/html') && request.url?.startsWith('/api/getproduct/') ? '/index.html' : undefined,
      },
      '/uploads': { target: goServer },
      '/static': { target: goServer },
      '/healthz': { target: goServer },
      '/readyz': { target: goServer },
    },
  },
  build: {
    outDir: 'dist',
    assetsDir: 'assets',
    emptyOutDir: true,
    sourcemap: false,
    // dist/.vite/manifest.json: scripts/bundle-size.mjs reads which chunks a page needs.
    manifest: true,
    // Every browser the shop supports knows <link rel=modulepreload>; no polyfill in the entry.
    modulePreload: { polyfill: false },
    chunkSizeWarningLimit: 400,
    rolldownOptions: {
      output: {
        codeSplitting: {
          // The libraries every page needs in one chunk (React, the router, Redux Toolkit), and the
          // product-grid code every listing page shares (listing, search, sale, home's best
          // sellers) in another, rather than many small ones: fewer requests, better gzip.
          groups: [
            { name: 'vendor', test: firstPaintPackages },
            { name: 'catalog', includeDependenciesRecursively: false, test: sharedCatalogModules },
          ],
        },
      },
    },
  },
  test: {
    environment: 'jsdom',
    setupFiles: ['./vitest.setup.ts'],
    include: ['src/**/*.test.{ts,tsx}'],
    restoreMocks: true,
  },
}));
