import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
const chrome = await chromeLauncher.launch({ chromePath: '/usr/bin/chromium', chromeFlags: ['--headless=new', '--no-sandbox', '--disable-gpu'] });
const r = await lighthouse(process.argv[2], { port: chrome.port, output: 'json', logLevel: 'error', onlyCategories: ['performance'] });
await chrome.kill();
const events = r.artifacts.Trace.traceEvents;
const main = events.filter((e) => e.name === 'RunTask' && e.dur > 12000 && e.ph === 'X');
const t0 = events.find((e) => e.name === 'navigationStart')?.ts ?? main[0].ts;
for (const task of main) {
  const inside = events.filter((e) => e.ph === 'X' && e.tid === task.tid && e.ts >= task.ts && e.ts + (e.dur ?? 0) <= task.ts + task.dur && e !== task && e.dur > 3000);
  const summary = {};
  for (const e of inside) summary[e.name] = Math.round((summary[e.name] ?? 0) + e.dur / 1000);
  console.log(Math.round((task.ts - t0) / 1000), Math.round(task.dur / 1000), JSON.stringify(summary));
}
const big = main.sort((a, b) => b.dur - a.dur)[0];
for (const e of events.filter((e) => e.ph === 'X' && e.tid === big.tid && e.ts >= big.ts && e.ts <= big.ts + big.dur && e.dur > 2000 && /FunctionCall|FireAnimationFrame|TimerFire|EventDispatch|v8.callFunction|Layout|UpdateLayoutTree/.test(e.name)))
  console.log('  ', Math.round((e.ts - big.ts) / 1000), Math.round(e.dur / 1000), e.name, JSON.stringify(e.args?.data ?? {}).slice(0, 160));
