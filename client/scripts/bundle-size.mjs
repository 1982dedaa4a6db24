#!/usr/bin/env node
// bundle-size.mjs — the JavaScript a shopper downloads to render a listing page
// (/products/Formal%20Shirts): the entry chunk, everything it imports statically, and the
// listing route's lazy chunk with its own static imports. Prints each file's gzip size and
// fails (exit 1) above the budget.
//
//   node scripts/bundle-size.mjs            build first (vite build), then measure
//   node scripts/bundle-size.mjs --no-build measure the existing dist/ (reads dist/.vite/manifest.json)
//
// Sizes are gzip at zlib's default level (what on-the-fly compression sends) in kB of 1000 bytes.
import { execFileSync } from 'node:child_process';
import { readFileSync, existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const dist = join(root, 'dist');
const manifestPath = join(dist, '.vite', 'manifest.json');
const budgetKb = Number(process.env.BUNDLE_BUDGET_KB ?? 120);
// The module the router lazily loads for /products/:subcategory (see src/app/router.tsx).
const routeModule = 'src/app/routes/ListingPage.tsx';
const page = '/products/Formal%20Shirts';

if (!process.argv.includes('--no-build')) {
  execFileSync(process.execPath, [join(root, 'node_modules', 'vite', 'bin', 'vite.js'), 'build', '--logLevel', 'warn'], {
    cwd: root,
    stdio: 'inherit',
  });
}
if (!existsSync(manifestPath)) {
  console.error(`bundle-size: ${manifestPath} is missing; build with build.manifest enabled`);
  process.exit(2);
}

const manifest = JSON.parse(readFileSync(manifestPath, 'utf8'));
const entryKey = Object.keys(manifest).find((key) => manifest[key].isEntry);
if (!entryKey) {
  console.error('bundle-size: the manifest has no entry chunk');
  process.exit(2);
}
if (!manifest[routeModule]) {
  console.error(`bundle-size: ${routeModule} is not a chunk of its own; is the listing route still lazy?`);
  process.exit(2);
}

/** The chunk and every chunk it imports statically, depth first, each once. */
function withStaticImports(key, seen = new Set()) {
  if (seen.has(key)) return seen;
  seen.add(key);
  for (const imported of manifest[key].imports ?? []) withStaticImports(imported, seen);
  return seen;
}

const keys = withStaticImports(routeModule, withStaticImports(entryKey));
const rows = [...keys].map((key) => {
  const file = manifest[key].file;
  const bytes = readFileSync(join(dist, file));
  const gzip = gzipSync(bytes).length;
  return { file, raw: bytes.length, gzip, why: key === entryKey ? 'entry' : key === routeModule ? 'listing route' : 'static import' };
});
rows.sort((a, b) => b.gzip - a.gzip);

const kb = (bytes) => (bytes / 1000).toFixed(2).padStart(8);
console.log(`JavaScript for ${page} (gzip, kB = 1000 bytes)`);
for (const row of rows) console.log(`${kb(row.gzip)} kB  ${kb(row.raw)} kB raw  ${row.file}  (${row.why})`);
const total = rows.reduce((sum, row) => sum + row.gzip, 0);
const totalRaw = rows.reduce((sum, row) => sum + row.raw, 0);
console.log(`${kb(total)} kB  ${kb(totalRaw)} kB raw  total of ${rows.length} files; budget ${budgetKb} kB`);
if (total > budgetKb * 1000) {
  console.error(`bundle-size: ${(total / 1000).toFixed(2)} kB is over the ${budgetKb} kB budget by ${((total - budgetKb * 1000) / 1000).toFixed(2)} kB`);
  process.exit(1);
}
console.log(`bundle-size: within budget (${((budgetKb * 1000 - total) / 1000).toFixed(2)} kB to spare)`);
