/// <reference types="vitest/config" />
import { fileURLToPath } from 'node:url';
import { defineConfig, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';
import { cssModuleFiles, cssModuleNamer } from './cssModuleNames.ts';

// The Go server the dev server proxies to (DRAPE_API=http://127.0.0.1:8795 npm run dev for another port).
const goServer = process.env.DRAPE_API ?? 'http://127.0.0.1:8080';

const firstPaintPackages =
  /\/node_modules\/(react|react-dom|scheduler|wouter|regexparam|use-sync-external-store|react-redux|@reduxjs\/toolkit|redux|redux-thunk|reselect|immer|@standard-schema\/utils)\//;

// What the entry shares with lazy chunks and every page loads at start anyway (the API, toasts,
// live stock patching, local storage, the router's hooks, links and buttons, the cart, account and
// toast state): one chunk rather than a few small ones.
const sharedStartModules =
  /\/src\/(lib\/(api|toast|env|productStock|firstScreen|storage|router)|components\/(Button|Link)|features\/(cart\/(cartSlice|guestCart)|account\/accountSlice|ui\/toastSlice))\./;

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
    'components/(StateMessage|Price|Pagination|pageItems|HeartButton)',
    'lib/(money|text|useMediaQuery)',
  ]
    .map((path) => `/src/${path}`)
    .join('|'),
);

const sourceDir = fileURLToPath(new URL('./src', import.meta.url));

/** The client's unit test files. */
const unitTests = ['src/**/*.test.{ts,tsx}', 'cssModuleNames.test.ts'];
/** Unit test files that replace a module with vi.mock: each runs in a fresh module cache. */
const moduleMockingTests = ['src/app/shell/CartDrawer.test.tsx', 'src/app/shell/CrashPage.offline.test.tsx', 'src/app/routes/CartPage.test.tsx'];

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

/** Each chunk's static imports, direct and indirect, as the bundle has them (see preloadedWith). */
const staticImports = new Map<string, Set<string>>();

/**
 * Records which chunks each chunk imports statically, before Vite writes the preload lists of
 * its dynamic imports: a chunk that runs has those loaded already, so listing them again for
 * preloading (every lazy page listed the vendor and shared chunks) is bytes for nothing.
 */
function chunkStaticImports(): Plugin {
  return {
    name: 'drape:chunk-static-imports',
    apply: 'build',
    generateBundle: {
      order: 'pre',
      handler(_options, bundle) {
        const direct = new Map<string, string[]>();
        for (const chunk of Object.values(bundle)) if (chunk.type === 'chunk') direct.set(chunk.fileName, chunk.imports);
        staticImports.clear();
        for (const file of direct.keys()) {
          const all = new Set<string>();
          const visit = (name: string) => {
            for (const imported of direct.get(name) ?? []) {
              if (all.has(imported)) continue;
              all.add(imported);
              visit(imported);
            }
          };
          visit(file);
          staticImports.set(file, all);
        }
      },
    },
  };
}

/** The JavaScript a dynamic import in `host` preloads: what it needs that `host` has not loaded already. */
function preloadedWith(_file: string, deps: string[], { hostId, hostType }: { hostId: string; hostType: 'html' | 'js' }): string[] {
  const loaded = hostType === 'js' ? staticImports.get(hostId) : undefined;
  return loaded ? deps.filter((dep) => !loaded.has(dep)) : deps;
}

export default defineConfig(({ isSsrBuild }) => ({
  plugins: isSsrBuild ? [react(), reactDomForServer()] : [react(), chunkStaticImports()],
  css: {
    modules: {
      // Header.module.css's .bar is Header_bar everywhere: the app's build and the SSR build that
      // draws the server's first screen (src/ssr/firstScreen.tsx) name classes alike, and the
      // names are readable in the server's templates. Two modules that would produce the same
      // class name fail the build (cssModuleNames.ts).
      generateScopedName: cssModuleNamer(cssModuleFiles(sourceDir), sourceDir),
    },
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
        // A lazy chunk's preload list leaves out what the importing chunk has loaded (preloadedWith).
        modulePreload: { polyfill: false, resolveDependencies: preloadedWith },
        chunkSizeWarningLimit: 400,
        rolldownOptions: {
          output: {
            // Files are named by their hash alone, 7 characters (the fewest Rolldown allows for
            // this many chunks): the entry lists every lazy chunk's files for preloading, and
            // chunks import each other by name, so short names are bytes every visitor saves
            // (about 0.45 kB gzip). dist/.vite/manifest.json maps them to sources.
            entryFileNames: 'assets/[hash:7].js',
            chunkFileNames: 'assets/[hash:7].js',
            assetFileNames: 'assets/[hash:7][extname]',
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
    restoreMocks: true,
    // Room for a few findBy/waitFor waits (src/test/timeouts.ts) on a loaded 2-core CI box.
    testTimeout: 20_000,
    // Test files share their worker's module cache and DOM (threads, not isolated): importing
    // React, the store and a fresh jsdom for each of 72 files was most of vitest's time
    // (vitest.setup.ts empties the page and storage after every test). Files that replace a
    // module with vi.mock run isolated, so the replacement reaches no other file. The two projects
    // run one after the other (sequence.groupOrder): run together, vitest 4 gave the shared files
    // a fresh jsdom each again (52 s of environment set-up), 70-98 CPU-s for the suite against
    // 43-49 this way (2026-11-28, A/B in turns on an idle machine).
    pool: 'threads',
    projects: [
      { extends: true, test: { name: 'shared', include: unitTests, exclude: moduleMockingTests, isolate: false, sequence: { groupOrder: 0 } } },
      { extends: true, test: { name: 'isolated', include: moduleMockingTests, sequence: { groupOrder: 1 } } },
    ],
  },
}));
