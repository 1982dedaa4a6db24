/// <reference types="vitest/config" />
import { fileURLToPath } from 'node:url';
import { defineConfig, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';
import { cssModuleFiles, cssModuleNamer } from './cssModuleNames.ts';

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

const firstPaintPackages =
  /\/node_modules\/(react|react-dom|scheduler|react-router|react-router-dom|react-redux|@reduxjs\/toolkit|redux|redux-thunk|reselect|immer|use-sync-external-store|@standard-schema\/utils)\//;

// What the entry shares with lazy chunks and every page loads at start anyway (the API, toasts,
// live stock patching, links and buttons): one chunk rather than a few small ones.
const sharedStartModules = /\/src\/(lib\/(api|toast|env|productStock|firstScreen)|components\/(Button|Link))\./;

// What main.tsx starts after the first paint (background.ts: the realtime socket), in one chunk
// with the socket's code, which the back office's live order board imports too.
const backgroundModules = /\/src\/(app\/background|lib\/realtime)\./;

// The footer and what only it needs at first (its live-updates indicator, which the back office
// shows too; the company it shows, which the contact and shipping pages show too): loaded with
// every storefront page, in one chunk.
const footerModules = /\/src\/(app\/shell\/Footer|app\/company|lib\/brand|components\/(contactIcons|LiveIndicator))\./;

const sharedCatalogModules = new RegExp(
  [
    'app/routes/catalog/',
    'features/catalog/(pricing|listing)\\.ts',
    'features/catalog/components/Product(Card|Grid)',
    'features/cart/useAddToCart',
    'components/(StateMessage|Price|Pagination|pageItems|HeartButton)',
    'lib/(money|text|useMediaQuery)',
  ]
    .map((path) => `/src/${path}`)
    .join('|'),
);

const sourceDir = fileURLToPath(new URL('./src', import.meta.url));

/** In the SSR build, the app's imports of react-dom get src/ssr/reactDomForServer.ts (no portals). */
function reactDomForServer(): Plugin {
  const shim = fileURLToPath(new URL('./src/ssr/reactDomForServer.ts', import.meta.url));
  return {
    name: 'drape:react-dom-for-server',
    enforce: 'pre',
    resolveId(source, importer) {
      return source === 'react-dom' && importer !== shim ? shim : null;
    },
  };
}

export default defineConfig(({ command, isSsrBuild }) => ({
  plugins: isSsrBuild ? [react(), reactDomForServer()] : [react()],
  css: {
    modules: {
      // Header.module.css's .bar is Header_bar everywhere: the app's build and the SSR build that
      // draws the server's first screen (src/ssr/firstScreen.tsx) name classes alike, and the
      // names are readable in the server's templates. Two modules that would produce the same
      // class name fail the build (cssModuleNames.ts).
      generateScopedName: cssModuleNamer(cssModuleFiles(sourceDir), sourceDir),
    },
  },
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
  build: isSsrBuild
    ? {
        // The SSR entry (src/ssr/firstScreen.tsx) for scripts/first-screen-templates.mjs: run
        // by Node at build time, never served.
        outDir: 'dist-ssr',
        emptyOutDir: true,
        copyPublicDir: false,
        sourcemap: false,
      }
    : {
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
            // Files are named by their hash alone: the entry lists every lazy chunk's files for
            // preloading, and chunks import each other by name, so short names are bytes every
            // visitor saves (about 0.3 kB gzip). dist/.vite/manifest.json maps them to sources.
            entryFileNames: 'assets/[hash].js',
            chunkFileNames: 'assets/[hash].js',
            assetFileNames: 'assets/[hash][extname]',
            codeSplitting: {
              // The libraries every page needs in one chunk (React, the router, Redux Toolkit), and the
              // product-grid code every listing page shares (listing, search, sale, home's best
              // sellers) in another, rather than many small ones: fewer requests, better gzip.
              groups: [
                { name: 'vendor', test: firstPaintPackages },
                { name: 'shared', includeDependenciesRecursively: false, test: sharedStartModules },
                { name: 'background', includeDependenciesRecursively: false, test: backgroundModules },
                { name: 'catalog', includeDependenciesRecursively: false, test: sharedCatalogModules },
                { name: 'footer', includeDependenciesRecursively: false, test: footerModules },
              ],
            },
          },
        },
      },
  test: {
    environment: 'jsdom',
    setupFiles: ['./vitest.setup.ts'],
    include: ['src/**/*.test.{ts,tsx}', 'cssModuleNames.test.ts'],
    restoreMocks: true,
    // Room for a few findBy/waitFor waits (src/test/timeouts.ts) on a loaded 2-core CI box.
    testTimeout: 20_000,
  },
}));
