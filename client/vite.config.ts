/// <reference types="vitest/config" />
import { fileURLToPath } from 'node:url';
import { defineConfig, parseAst, type Plugin } from 'vite';
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

// Trimming React Router's production build, which a bundler alone cannot shake well:
// - It declares Link, NavLink and Form with un-annotated forwardRef calls and then sets their
//   displayName, so a bundler must keep them (and the framework-mode prefetching they pull in)
//   even in apps that never render them. Marking those calls pure and dropping the displayName
//   lines (only React DevTools reads them) lets unused components fall away.
// - It keeps every developer message in full (unlike React, Redux Toolkit and Immer, which ship
//   error codes): "You cannot render a <Router> inside another <Router>…". They are for someone
//   misusing the router while developing, and dev builds keep them; here invariant() throws
//   with an empty message and warning() calls go, with the code that built their messages.
//   About 1.4 kB gzip.
// - The shop uses its declarative mode only (<BrowserRouter> and <Routes>; never a data router:
//   createBrowserRouter, RouterProvider, loaders, errorElement). The code <Routes> shares with
//   data routers (error boundaries per route, hydration fallbacks, RSC redirects, the data
//   router's navigate) is therefore dead here; telling the bundler so drops about 1.8 kB gzip.
//   A build that meets a data-router API in src/ fails (dataRouterApis below), and one whose
//   React Router no longer has the code these edits expect fails too, rather than ship
//   something half-edited.
const declarativeOnlyEdits: [string, string][] = [
  // <Routes> never passes data-router options; the two functions that take them ignore them.
  ['function useRoutesImpl(routes, locationArg, dataRouterOpts) {', 'function useRoutesImpl(routes, locationArg) {\n  const dataRouterOpts = void 0;'],
  ['function _renderMatches(matches, parentMatches = [], dataRouterOpts) {', 'function _renderMatches(matches, parentMatches = []) {\n  const dataRouterOpts = void 0;'],
  // No route is a data route, so useNavigate is always the declarative one.
  ['return isDataRoute ? useNavigateStable() : useNavigateUnstable();', 'return useNavigateUnstable();'],
  // The only statement keeping the (now unused) per-route error boundary class alive.
  ['RenderErrorBoundary.contextType = RSCRouterContext;', ''],
];

/** React Router's data-router APIs, which the edits above assume the shop never uses. */
const dataRouterApis =
  /\b(createBrowserRouter|createHashRouter|createMemoryRouter|createStaticRouter|createRoutesFromElements|RouterProvider|useRouteError|useLoaderData|useActionData|useRouteLoaderData|useNavigation|useFetcher|useFetchers|useMatches|useRevalidator|useBlocker|useAsyncValue|useAsyncError|Await|ScrollRestoration)\b/;

function reactRouterTreeShaking(): Plugin {
  return {
    name: 'drape:react-router-tree-shaking',
    apply: 'build',
    transform(code, id) {
      if (/[\\/]src[\\/]/.test(id) && !id.includes('node_modules')) {
        for (const [, names] of code.matchAll(/import\s*(?:type\s*)?\{([^}]*)\}\s*from\s*['"]react-router(?:-dom)?['"]/g)) {
          const used = dataRouterApis.exec(names);
          if (used) this.error(`${id} imports ${used[1]}: the build drops React Router's data-router code (see reactRouterTreeShaking in vite.config.ts)`);
        }
        return null;
      }
      if (!/[\\/]react-router[\\/]dist[\\/]production[\\/]chunk-[^/\\]*\.mjs$/.test(id)) return null;
      let shaken = code
        .replace(/^(var \w+ = )(React\d*\.(?:forwardRef|memo)\()/gm, '$1/* @__PURE__ */ $2')
        .replace(/^\w+\.displayName = "[^"\n]*";$/gm, '');
      if (shaken.includes('function useRoutesImpl(')) {
        for (const [from, to] of declarativeOnlyEdits) {
          if (!shaken.includes(from)) this.error(`React Router changed: "${from}" is gone; review reactRouterTreeShaking in vite.config.ts`);
          shaken = shaken.replace(from, to);
        }
      }
      return { code: withoutDeveloperMessages(shaken), map: null };
    },
  };
}

/** Which argument of React Router's message helpers is the message (see reactRouterTreeShaking). */
const messageArgument: Record<string, number> = { invariant: 1, invariant2: 1, warning: 1, warningOnce: 2, warnOnce: 1 };
const warnings = new Set(['warning', 'warningOnce', 'warnOnce']);

function withoutDeveloperMessages(code: string): string {
  const edits: { start: number; end: number; text: string }[] = [];
  type Node = { type: string; start: number; end: number; [key: string]: unknown };
  const isNode = (value: unknown): value is Node => typeof value === 'object' && value !== null && typeof (value as Node).type === 'string';
  const visit = (node: Node): void => {
    const call = node.type === 'ExpressionStatement' ? (node.expression as Node) : node;
    if (call.type === 'CallExpression') {
      const callee = call.callee as Node & { name?: string };
      const index = callee.type === 'Identifier' ? messageArgument[callee.name ?? ''] : undefined;
      const args = call.arguments as Node[];
      if (index !== undefined && args.length === index + 1 && args[index].type !== 'Identifier') {
        // A warning is a statement of its own: drop it. An invariant still throws, with no message.
        if (node !== call && warnings.has(callee.name ?? '')) edits.push({ start: node.start, end: node.end, text: ';' });
        else edits.push({ start: args[index].start, end: args[index].end, text: '""' });
        return;
      }
    }
    for (const value of Object.values(node)) {
      if (Array.isArray(value)) value.forEach((item) => isNode(item) && visit(item));
      else if (isNode(value)) visit(value);
    }
  };
  visit(parseAst(code) as unknown as Node);
  let result = code;
  for (const edit of edits.sort((a, b) => b.start - a.start)) result = result.slice(0, edit.start) + edit.text + result.slice(edit.end);
  return result;
}

const firstPaintPackages =
  /\/node_modules\/(react|react-dom|scheduler|react-router|react-router-dom|react-redux|@reduxjs\/toolkit|redux|redux-thunk|reselect|immer|use-sync-external-store|@standard-schema\/utils)\//;

// What the entry shares with lazy chunks and every page loads at start anyway (the API, toasts,
// live stock patching, local storage, links and buttons, the cart, account and toast state): one
// chunk rather than a few small ones.
const sharedStartModules =
  /\/src\/(lib\/(api|toast|env|productStock|firstScreen|storage)|components\/(Button|Link)|features\/(cart\/(cartSlice|guestCart)|account\/accountSlice|ui\/toastSlice))\./;

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

export default defineConfig(({ command, isSsrBuild }) => ({
  plugins: isSsrBuild ? [react(), reactDomForServer()] : [react(), reactRouterTreeShaking(), chunkStaticImports()],
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
    // module with vi.mock run isolated, so the replacement reaches no other file.
    pool: 'threads',
    projects: [
      { extends: true, test: { name: 'shared', include: unitTests, exclude: moduleMockingTests, isolate: false } },
      { extends: true, test: { name: 'isolated', include: moduleMockingTests } },
    ],
  },
}));
