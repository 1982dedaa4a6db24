// Reads {"product": …, "eager": bool, "served": "<li>…</li>"} as JSON from stdin and prints
// {"app": …, "served": …}: the ProductCard of the product drawn from the app's sources as they are
// now (src/ssr/firstScreen.tsx loaded through Vite, not the last build's dist-ssr) as a listing
// shows it, in the first screen's markup (first-screen-templates.mjs), and the served markup
// written out by the same HTML serialiser, so the two compare as markup, not as spelling.
// server/firstscreen_test.go compares them: a component changed since the templates were built
// makes them differ.
import { createServer } from 'vite';
import { firstScreenMarkup, runToEnd, withoutBelow } from './first-screen-templates.mjs';

await runToEnd(async () => {
  let input = '';
  for await (const chunk of process.stdin) input += chunk;
  const { product, eager, served } = JSON.parse(input);
  const vite = await createServer({
    configFile: new URL('../vite.config.ts', import.meta.url).pathname,
    server: { middlewareMode: true, hmr: false, ws: false, watch: null },
    appType: 'custom',
    logLevel: 'error',
  });
  let card;
  try {
    const ssr = await vite.ssrLoadModule('/src/ssr/firstScreen.tsx');
    card = await ssr.renderProductCard(product, eager);
  } finally {
    await vite.close();
  }
  // React hoists a preload of the card's picture (the server writes its own in <head>), and
  // html/template drops the comments React puts between adjacent texts.
  const drawn = card.replace(/^(<link [^>]*>)+/, '').replace(/<!--[^>]*-->/g, '');
  const app = `<li>${firstScreenMarkup(withoutBelow(drawn, []))}</li>`;
  const output = JSON.stringify({ app: withoutBelow(app, []), served: withoutBelow(served, []) });
  await new Promise((resolve, reject) => process.stdout.write(output, (error) => (error ? reject(error) : resolve())));
});
