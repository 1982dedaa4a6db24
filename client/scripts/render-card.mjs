// Reads a JSON list of {"product": …, "eager": bool, "served": "<li>…</li>"} from stdin and prints
// a list of {"app": …, "served": …}, one for each: the ProductCard of the product drawn from the
// app's sources as they are now (src/ssr/firstScreen.tsx loaded through Vite, not the last build's
// dist-ssr) as a listing shows it, in the first screen's markup (first-screen-templates.mjs), and
// the served markup written out by the same HTML serialiser, so the two compare as markup, not as
// spelling. One Vite server loads the sources for every card of the list.
// server/firstscreen_test.go compares them: a component changed since the templates were built
// makes them differ.
import { createServer } from 'vite';
import { firstScreenMarkup, runToEnd, withoutBelow } from './first-screen-templates.mjs';

await runToEnd(async () => {
  let input = '';
  for await (const chunk of process.stdin) input += chunk;
  const cards = JSON.parse(input);
  const vite = await createServer({
    configFile: new URL('../vite.config.ts', import.meta.url).pathname,
    server: { middlewareMode: true, hmr: false, ws: false, watch: null },
    appType: 'custom',
    logLevel: 'error',
  });
  const drawn = [];
  try {
    const ssr = await vite.ssrLoadModule('/src/ssr/firstScreen.tsx');
    for (const { product, eager, served } of cards) drawn.push({ card: await ssr.renderProductCard(product, eager), served });
  } finally {
    await vite.close();
  }
  // React hoists a preload of the card's picture (the server writes its own in <head>), and
  // html/template drops the comments React puts between adjacent texts.
  const output = JSON.stringify(
    drawn.map(({ card, served }) => {
      const app = `<li>${firstScreenMarkup(withoutBelow(card.replace(/^(<link [^>]*>)+/, '').replace(/<!--[^>]*-->/g, ''), []))}</li>`;
      return { app: withoutBelow(app, []), served: withoutBelow(served, []) };
    }),
  );
  await new Promise((resolve, reject) => process.stdout.write(output, (error) => (error ? reject(error) : resolve())));
});
