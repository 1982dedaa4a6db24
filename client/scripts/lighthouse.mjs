// Page speed, accessibility and SEO of the storefront, measured by Lighthouse (npm `lighthouse`,
// Debian's Chromium, offline) in its default mobile emulation (a mid-range phone, simulated
// slow 4G and a 4× slower CPU): the home page, a listing, a product page and the cart, each
// RUNS times (default 3), the median run of each page kept. Prints a table, writes it to
// bench/results/lighthouse.md, and exits 1 when a page misses a budget (issue 8): performance
// ≥ 95, LCP ≤ 1.5 s, CLS ≤ 0.05, TBT ≤ 100 ms, accessibility ≥ 95; and (issue 20) SEO ≥ 95.
//
// BUDGETS names the budgets that fail the run (default all; `make test` checks accessibility
// and CLS, which hold on every page in every run: see bench/results/lighthouse.md for the rest).
//
//   BASE_URL=http://127.0.0.1:8080 node scripts/lighthouse.mjs
import { writeFile } from 'node:fs/promises';
import os from 'node:os';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';

const base = (process.env.BASE_URL ?? 'http://127.0.0.1:8080').replace(/\/$/, '');
const runs = Number(process.env.RUNS ?? 3);
const enforced = (process.env.BUDGETS ?? 'performance,lcp,cls,tbt,accessibility,seo').split(',').map((key) => key.trim());
const out = process.env.LIGHTHOUSE_OUT ?? new URL('../../bench/results/lighthouse.md', import.meta.url).pathname;

const budgets = [
  { key: 'performance', label: 'Performance', goal: '≥ 95', pass: (v) => v >= 95, show: (v) => String(v) },
  { key: 'lcp', label: 'LCP', goal: '≤ 1.5 s', pass: (v) => v <= 1500, show: (v) => `${(v / 1000).toFixed(2)} s` },
  { key: 'cls', label: 'CLS', goal: '≤ 0.05', pass: (v) => v <= 0.05, show: (v) => v.toFixed(3) },
  { key: 'tbt', label: 'TBT', goal: '≤ 100 ms', pass: (v) => v <= 100, show: (v) => `${Math.round(v)} ms` },
  { key: 'accessibility', label: 'Accessibility', goal: '≥ 95', pass: (v) => v >= 95, show: (v) => String(v) },
  { key: 'seo', label: 'SEO', goal: '≥ 95', pass: (v) => v >= 95, show: (v) => String(v) },
];

async function productPath() {
  const answer = await fetch(`${base}/api/getproduct?limit=1`);
  const body = await answer.json();
  const id = body?.data?.items?.[0]?._id;
  if (!id) throw new Error(`no product to audit at ${base}`);
  return `/api/getproduct/${id}`;
}

function figures(lhr) {
  const audit = (id) => lhr.audits[id]?.numericValue ?? Number.NaN;
  return {
    performance: Math.round((lhr.categories.performance?.score ?? 0) * 100),
    lcp: audit('largest-contentful-paint'),
    cls: audit('cumulative-layout-shift'),
    tbt: audit('total-blocking-time'),
    accessibility: Math.round((lhr.categories.accessibility?.score ?? 0) * 100),
    seo: Math.round((lhr.categories.seo?.score ?? 0) * 100),
    benchmark: lhr.environment?.benchmarkIndex ?? Number.NaN,
    js: (lhr.audits['resource-summary']?.details?.items ?? []).find((item) => item.resourceType === 'script')?.transferSize ?? 0,
    failedA11y: Object.values(lhr.audits)
      .filter((a) => a.score === 0 && lhr.categories.accessibility.auditRefs.some((ref) => ref.id === a.id))
      .map((a) => a.id),
    failedSeo: Object.values(lhr.audits)
      .filter((a) => a.score === 0 && lhr.categories.seo.auditRefs.some((ref) => ref.id === a.id))
      .map((a) => a.id),
  };
}

const pages = [
  ['Home', '/'],
  ['Listing', '/products/Formal%20Shirts'],
  ['Product', await productPath()],
  ['Cart', '/guestcart'],
];

const chrome = await chromeLauncher.launch({
  chromePath: process.env.CHROME_PATH ?? '/usr/bin/chromium',
  chromeFlags: ['--headless=new', '--no-sandbox', '--disable-gpu', '--no-first-run', '--disable-background-networking'],
});
/** Why Lighthouse measured nothing in a run (its runtimeError, or no layout-shift figure), or null. */
const unmeasured = (lhr) => lhr.runtimeError ?? (Number.isFinite(lhr.audits['cumulative-layout-shift']?.numericValue) ? null : { code: 'no layout shift figure' });
const rows = [];
let failed = 0;
try {
  for (const [name, path] of pages) {
    const results = [];
    for (let run = 0; run < runs; run++) {
      const measure = () => lighthouse(`${base}${path}`, { port: chrome.port, output: 'json', logLevel: 'error', onlyCategories: ['performance', 'accessibility', 'seo'] });
      let result = await measure();
      // A run Lighthouse could not finish (its runtimeError: no first paint in its time, say, on
      // a machine loaded by the browser tests beside it) measured nothing, and its figures are
      // NaN: it is run once more rather than read as the page missing its budgets.
      const why = unmeasured(result.lhr);
      if (why) {
        console.log(`lighthouse: ${name} not measured (${why.code}), once more`);
        result = await measure();
      }
      results.push(figures(result.lhr));
    }
    results.sort((a, b) => a.performance - b.performance);
    const median = results[Math.floor(results.length / 2)];
    const misses = budgets.filter((budget) => !budget.pass(median[budget.key]));
    failed += misses.filter((budget) => enforced.includes(budget.key)).length;
    rows.push({ name, path, median, misses });
  }
} finally {
  await chrome.kill();
}

// Lighthouse's own measure of how fast this machine ran (its CPU benchmark index, higher is
// faster), the median over every run: the simulated 4× CPU multiplies the machine's own speed,
// so TBT from runs whose index differs much is not comparable.
const indexes = rows.flatMap(({ median }) => [median.benchmark]).filter(Number.isFinite).sort((a, b) => a - b);
const benchmarkIndex = indexes.length ? Math.round(indexes[Math.floor(indexes.length / 2)]) : 'unknown';

const header = `| Page | ${budgets.map((b) => `${b.label} (${b.goal})`).join(' | ')} | JS transferred | Result |`;
const lines = [
  `Lighthouse ${(await import('lighthouse/package.json', { with: { type: 'json' } })).default.version}, mobile emulation (simulated slow 4G, 4× CPU), median of ${runs} run(s) per page; ${new Date().toISOString().slice(0, 10)}, ${os.cpus().length} cores (${os.cpus()[0]?.model?.trim() ?? 'unknown CPU'}), Lighthouse's CPU benchmark index ${benchmarkIndex} (higher is faster), load average ${os.loadavg()[0].toFixed(1)} at the end.`,
  '',
  header,
  `|${' --- |'.repeat(budgets.length + 3)}`,
  ...rows.map(
    ({ name, path, median, misses }) =>
      `| ${name} (${path.length > 40 ? `${path.slice(0, 37)}…` : path}) | ${budgets
        .map((b) => `${b.show(median[b.key])}${misses.includes(b) ? ' ✗' : ''}`)
        .join(' | ')} | ${(median.js / 1000).toFixed(1)} kB | ${misses.length ? `fail${median.failedA11y.length ? ` (a11y: ${median.failedA11y.join(', ')})` : ''}${median.failedSeo.length ? ` (SEO: ${median.failedSeo.join(', ')})` : ''}` : 'pass'} |`,
  ),
  '',
  `${rows.length * budgets.length - rows.reduce((sum, row) => sum + row.misses.length, 0)} passed, ${rows.reduce((sum, row) => sum + row.misses.length, 0)} missed` +
    (enforced.length < budgets.length ? `; enforced here: ${enforced.join(', ')} (${failed} missed)` : ''),
];
const table = lines.join('\n');
console.log(table);
await writeFile(out, `# Page speed (make lighthouse)\n\n${table}\n`);
process.exit(failed > 0 ? 1 : 0);
