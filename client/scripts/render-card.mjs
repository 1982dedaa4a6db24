// Reads {"product": …, "eager": bool, "served": "<li>…</li>"} as JSON from stdin and prints
// {"app": …, "served": …}: the ProductCard of the product drawn by the app's SSR build as a listing
// shows it, in the first screen's markup (first-screen-templates.mjs), and the served markup
// written out by the same HTML serialiser, so the two compare as markup, not as spelling.
// server/firstscreen_test.go compares them.
import { firstScreenMarkup, runToEnd, ssr, withoutBelow } from './first-screen-templates.mjs';

await runToEnd(async () => {
  let input = '';
  for await (const chunk of process.stdin) input += chunk;
  const { product, eager, served } = JSON.parse(input);
  // React hoists a preload of the card's picture (the server writes its own in <head>), and
  // html/template drops the comments React puts between adjacent texts.
  const drawn = (await ssr.renderProductCard(product, eager)).replace(/^(<link [^>]*>)+/, '').replace(/<!--[^>]*-->/g, '');
  const app = `<li>${firstScreenMarkup(withoutBelow(drawn, []))}</li>`;
  const output = JSON.stringify({ app: withoutBelow(app, []), served: withoutBelow(served, []) });
  await new Promise((resolve, reject) => process.stdout.write(output, (error) => (error ? reject(error) : resolve())));
});
