// Reads {"product": …, "eager": bool, "served": "<li>…</li>"} as JSON from stdin and prints
// {"app": …, "served": …}: the ProductCard of the product drawn by the app's SSR build as a listing
// shows it, in the first screen's markup (first-screen-templates.mjs), and the served markup
// written out by the same HTML serialiser, so the two compare as markup, not as spelling.
// server/firstscreen_test.go compares them.
import { firstScreenMarkup, ssr, withoutBelow } from './first-screen-templates.mjs';

let input = '';
for await (const chunk of process.stdin) input += chunk;
const { product, eager, served } = JSON.parse(input);
const app = `<li>${firstScreenMarkup(withoutBelow(await ssr.renderProductCard(product, eager), []))}</li>`;
process.stdout.write(JSON.stringify({ app: withoutBelow(app, []), served: withoutBelow(served, []) }));
