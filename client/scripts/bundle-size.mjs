#!/usr/bin/env node
// bundle-size.mjs — the JavaScript a guest's browser really downloads to open a listing page
// (/products/Formal%20Shirts) on a first visit, without touching anything. Measured, not
// guessed: headless Chromium (Debian's /usr/bin/chromium through Playwright) loads the built
// app from a tiny static server in this process and records every .js response until the page
// has rendered its product cards and the network has stayed quiet (no JavaScript in flight, an
// idle callback run, then nothing new for a while). That counts the entry, its static imports,
// the listing route's chunk, and every lazy chunk the first render or an idle callback pulls in
// (the footer, the product cards' wishlist heart, the background chunk with the realtime
// socket, …), whatever the code does today.
//
// No backend is needed: /api answers from the small fixture below (a page of 12 products, the
// categories, a running sale), so the page renders as a shopper sees it; anything else under
// /api gets the server's 404 envelope and the websocket at /api/ws is refused, which the shop
// takes in its stride (it loads the same chunks either way).
//
// The page is measured at a desktop (1280×800) and a phone (390×844) viewport; the budget
// applies to the larger of the two. Prints a table and the totals, and fails (exit 1) above the
// budget; exit 2 when it cannot measure (no build, no Chromium, the page did not render).
//
//   node scripts/bundle-size.mjs            build first (vite build, into node_modules/.cache/
//                                           bundle-size/dist: dist/ keeps the server's
//                                           first-screen templates), then measure
//   node scripts/bundle-size.mjs --no-build measure the existing dist/
//   BUNDLE_BUDGET_KB=112 node scripts/bundle-size.mjs   another budget
//
// Sizes are gzip at zlib's default level (what on-the-fly compression sends) in kB of 1000 bytes.
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { createServer } from 'node:http';
import { dirname, extname, join, normalize, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { chromium } from '@playwright/test';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const building = !process.argv.includes('--no-build');
const dist = building ? join(root, 'node_modules', '.cache', 'bundle-size', 'dist') : join(root, 'dist');
const manifestPath = join(dist, '.vite', 'manifest.json');
const budgetKb = Number(process.env.BUNDLE_BUDGET_KB ?? 120);
const chromiumPath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const page = '/products/Formal%20Shirts';
const viewports = [
  { name: 'desktop', viewport: { width: 1280, height: 800 } },
  { name: 'phone', viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true, deviceScaleFactor: 2 },
];
/** How long the network must stay free of new JavaScript before the page counts as loaded. */
const quietMs = 1500;
/** Gives up (exit 2) when the page has not settled by then. */
const settleTimeoutMs = 60_000;

function fail(message, code = 2) {
  console.error(`bundle-size: ${message}`);
  process.exit(code);
}

if (building) {
  execFileSync(process.execPath, [join(root, 'node_modules', 'vite', 'bin', 'vite.js'), 'build', '--logLevel', 'warn', '--outDir', dist, '--emptyOutDir'], {
    cwd: root,
    stdio: 'inherit',
  });
}
if (!existsSync(join(dist, 'index.html'))) fail(`${dist}/index.html is missing; build first`);
if (!existsSync(chromiumPath)) fail(`no Chromium at ${chromiumPath} (set CHROMIUM_PATH)`);

// --- The API's answers, shaped like the server's (SPEC §7 envelope). --------------------------
const envelope = (data, code = 200, message = 'OK') => ({ code, success: code < 400, message, data });
const products = Array.from({ length: 12 }, (_, index) => {
  const n = index + 1;
  return {
    _id: `65a1f0c2b4d3e8a9c0f1${String(n).padStart(4, '0')}`,
    productId: `DRP-${1000 + n}`,
    productName: `Oxford Shirt ${n}`,
    thumbnail: `/uploads/products/shirt-${n}.svg`,
    images: [],
    gender: 'Men',
    status: '',
    price: 1599,
    discount: 10,
    discountedPrice: 1439,
    sale: [],
    stock: { S: 4, M: 6 },
    sizes: [
      { size: 'S', stock: 4 },
      { size: 'M', stock: 6 },
    ],
    totalStock: 10,
    basicProductDescription: 'A crisp oxford cotton shirt with a button-down collar.',
    category: 'Men',
    categoryId: 'c-men',
    subCategory: 'Formal Shirts',
    subcategoryId: 's-shirts',
    colour: 'Light Blue',
    createdAt: '2025-01-01T00:00:00Z',
  };
});
const api = {
  '/api/getproduct': envelope({ items: products, metadata: { total: 30, page: 1, limit: 12, totalPages: 3 } }),
  '/api/getcategory': envelope({
    items: [
      {
        _id: 'c-men',
        name: 'Men',
        gender: 'Men',
        subCategory: [{ _id: 's-shirts', categoryId: 'c-men', categoryType: 'Formal Shirts', image: '/uploads/shirts.svg' }],
      },
    ],
  }),
  // A running sale, as the shop usually has: the sale banner shows.
  '/api/getsale': envelope([
    {
      _id: '65a1f0c2b4d3e8a9c0f1aaaa',
      saleName: 'Festive Formals',
      discount: 20,
      discountPercentage: 20,
      saleStatus: true,
      gender: 'Men',
      category: 'Men',
      categoryId: 'c-men',
      categoryData: { categoryType: 'Men' },
      subCategories: [{ _id: 's-shirts', categoryType: 'Formal Shirts' }],
      image: '/uploads/sale/festive.svg',
      mobileIamge: '/uploads/sale/festive-mobile.svg',
    },
  ]),
};

// --- A static server for dist/ with the SPA fallback. -----------------------------------------
const types = { '.js': 'text/javascript', '.css': 'text/css', '.html': 'text/html', '.svg': 'image/svg+xml', '.json': 'application/json' };
const server = createServer((request, response) => {
  const { pathname } = new URL(request.url ?? '/', 'http://localhost');
  if (pathname.startsWith('/api/')) {
    const body = api[pathname] ?? envelope(null, 404, 'Not found');
    response.writeHead(body.code, { 'Content-Type': 'application/json' });
    response.end(JSON.stringify(body));
    return;
  }
  const file = normalize(join(dist, decodeURIComponent(pathname)));
  if (file.startsWith(dist + sep) && existsSync(file) && extname(file) !== '') {
    response.writeHead(200, { 'Content-Type': types[extname(file)] ?? 'application/octet-stream' });
    response.end(readFileSync(file));
    return;
  }
  if (pathname.startsWith('/assets/') || pathname.startsWith('/uploads/') || pathname.startsWith('/static/')) {
    response.writeHead(404).end();
    return;
  }
  response.writeHead(200, { 'Content-Type': 'text/html' });
  response.end(readFileSync(join(dist, 'index.html')));
});
// The websocket's upgrade is refused (no 'upgrade' listener): the socket closes and retries later.
await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
const origin = `http://127.0.0.1:${server.address().port}`;

// --- What each built file is, from the manifest (for the table only). ------------------------
const manifest = existsSync(manifestPath) ? JSON.parse(readFileSync(manifestPath, 'utf8')) : {};
const entryKey = Object.keys(manifest).find((key) => manifest[key].isEntry);
const staticOfEntry = new Set();
(function walk(key) {
  if (!key || staticOfEntry.has(key)) return;
  staticOfEntry.add(key);
  for (const imported of manifest[key].imports ?? []) walk(imported);
})(entryKey);
/** A short name for a manifest chunk: its source file, else its name. */
const label = (key) => (manifest[key].src ?? manifest[key].name ?? key).replace(/^src\//, '');
function describe(file) {
  const key = Object.keys(manifest).find((candidate) => manifest[candidate].file === file);
  if (!key) return '';
  if (key === entryKey) return `entry (${label(key)})`;
  if (staticOfEntry.has(key)) return `static import of the entry (${label(key)})`;
  const importers = (field) => Object.keys(manifest).filter((other) => manifest[other][field]?.includes(key)).map(label);
  const list = (names) => (names.length > 3 ? `${names.slice(0, 3).join(', ')} and ${names.length - 3} more` : names.join(', '));
  const lazyFrom = importers('dynamicImports');
  if (lazyFrom.length > 0) return `lazy: ${label(key)}, loaded by ${list(lazyFrom)}`;
  return `${label(key)}, imported by ${list(importers('imports'))}`;
}

// --- Measure. ----------------------------------------------------------------------------------
const browser = await chromium.launch({
  executablePath: chromiumPath,
  args: ['--no-sandbox', '--disable-gpu', '--no-first-run', '--disable-background-networking', '--disable-component-update'],
});
/** file → { raw, gzip }, and viewport name → files loaded. */
const sizes = new Map();
const loaded = new Map();
try {
  for (const { name, ...options } of viewports) {
    const context = await browser.newContext(options);
    const tab = await context.newPage();
    const files = new Set();
    const inFlight = new Set();
    let lastJs = Date.now();
    const isJs = (url) => url.startsWith(origin) && new URL(url).pathname.endsWith('.js');
    tab.on('request', (request) => {
      if (!isJs(request.url())) return;
      inFlight.add(request);
      lastJs = Date.now();
    });
    tab.on('requestfailed', (request) => inFlight.delete(request));
    tab.on('response', async (response) => {
      const request = response.request();
      if (!isJs(request.url())) return;
      const file = new URL(request.url()).pathname.slice(1);
      try {
        const body = await response.body();
        sizes.set(file, { raw: body.length, gzip: gzipSync(body).length });
        files.add(file);
      } finally {
        inFlight.delete(request);
        lastJs = Date.now();
      }
    });
    const errors = [];
    tab.on('pageerror', (error) => errors.push(error.message));

    await tab.goto(origin + page, { waitUntil: 'load' });
    try {
      await tab.getByTestId('product-card').first().waitFor({ timeout: 20_000 });
    } catch {
      fail(`${name}: no product card appeared on ${page}${errors.length ? ` (page errors: ${errors.join('; ')})` : ''}`);
    }
    // Whatever waits for an idle moment counts too: a shopper's browser fetches it unasked.
    const giveUpAt = Date.now() + settleTimeoutMs;
    for (;;) {
      // eslint-disable-next-line no-undef -- runs in the page, where requestIdleCallback exists
      await tab.evaluate(() => new Promise((resolve) => requestIdleCallback(() => resolve(), { timeout: 2000 })));
      if (inFlight.size === 0 && Date.now() - lastJs >= quietMs) break;
      if (Date.now() > giveUpAt) fail(`${name}: JavaScript was still loading after ${settleTimeoutMs / 1000} s`);
      await tab.waitForTimeout(250);
    }
    if (!(await tab.getByTestId('sale-banner').isVisible())) fail(`${name}: the sale banner did not show; is the fixture still what the shop reads?`);
    loaded.set(name, files);
    await context.close();
  }
} finally {
  await browser.close();
  server.close();
}

// --- Report. -----------------------------------------------------------------------------------
const allFiles = [...sizes.keys()].sort((a, b) => sizes.get(b).gzip - sizes.get(a).gzip);
const kb = (bytes) => (bytes / 1000).toFixed(2).padStart(7);
const names = viewports.map((viewport) => viewport.name);
console.log(`JavaScript a guest downloads opening ${page} (gzip, kB = 1000 bytes)`);
console.log(`${names.map((name) => name.padStart(9)).join(' ')}  ${'raw'.padStart(8)}  file  (what)`);
for (const file of allFiles) {
  const cells = names.map((name) => (loaded.get(name).has(file) ? `${kb(sizes.get(file).gzip)} kB` : '       —  '.padStart(10)));
  console.log(`${cells.join('')}  ${kb(sizes.get(file).raw)} kB  ${file}  ${describe(file)}`);
}
const totals = names.map((name) => [...loaded.get(name)].reduce((sum, file) => sum + sizes.get(file).gzip, 0));
console.log(`${totals.map((total) => `${kb(total)} kB`).join('')}  total (${names.map((name) => `${name}: ${loaded.get(name).size} files`).join(', ')}); budget ${budgetKb} kB`);
const worst = Math.max(...totals);
if (worst > budgetKb * 1000) {
  fail(`${(worst / 1000).toFixed(2)} kB is over the ${budgetKb} kB budget by ${((worst - budgetKb * 1000) / 1000).toFixed(2)} kB`, 1);
}
console.log(`bundle-size: within budget (${((budgetKb * 1000 - worst) / 1000).toFixed(2)} kB to spare)`);
