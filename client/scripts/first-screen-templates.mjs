// Writes the server's first-screen templates (dist/.first-screen.html, Go html/template) from
// the app's own components: it runs the SSR build (dist-ssr/firstScreen.js, src/ssr/firstScreen.tsx)
// in Node, draws each first-screen page of the real app (the router, the shell, the page) from
// data whose words are markers (zqTitleqz) and whose switches (a sale on or off, a product sold
// out or not) are drawn both ways, and turns the drawings into a template: markers become
// {{$.Title}} actions, the places where two drawings differ become {{if}} … {{else}} … {{end}},
// and a list (the product grid) becomes a {{range}} over the template of one item. The Go server
// (server/firstscreen.go) only loads the data and fills the template; no markup or text of a
// component lives in Go. Run by `npm run build` after the SSR build.
import { writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { closeDom, ssrDocument } from './ssr-dom.mjs';

/** The SSR build (dist-ssr/firstScreen.js), loaded when the templates are written. */
let ssr;
/** The app's page at url, drawn from data, as the first screen shows it. */
const drawPage = async (url, data, cutAfter) => asFirstScreen(await ssr.renderPage(url, data), cutAfter);
const out = fileURLToPath(new URL('../dist/.first-screen.html', import.meta.url));

// ---------------------------------------------------------------------------------------------
// Markers. A page marker zqTitleqz becomes {{$.Title}}; an item marker zqi3xNameqz (item 3 of a
// list) becomes {{.Name}} in the item's template. A marker lower-cased by a component
// (zqtitleqz) becomes {{lower $.Title}}.
const mark = (field) => `zq${field}qz`;
const itemMark = (index, field) => `zqi${index}x${field}qz`;

/** Numbers drawn as they are formatted: the marker's text and the action it becomes. */
const prices = { now: 123456, was: 987654, off: 88, nowText: '₹1,23,456', wasText: '₹9,87,654' };

// ---------------------------------------------------------------------------------------------
// Markup clean-up: the drawing sits beside the app's own root until the app takes over, inert,
// so its ids (and the references to them) get an fs- prefix, radio groups an fs- name, and test
// ids go (tests find the app's elements, never the server's copy).
function asFirstScreen(html, cutAfter = []) {
  const start = html.indexOf('<div class="RootLayout_app"');
  if (start < 0) throw new Error('no RootLayout in the drawing');
  return firstScreenMarkup(withoutBelow(html.slice(start), cutAfter))
    .replace('<div class="RootLayout_app"', '<div id="first-screen" class="RootLayout_app" inert')
    .replaceAll('{{', '{{"{{"}}');
}

/** Markup as the first screen carries it (see above): fs- ids and radio groups, no test ids. */
export function firstScreenMarkup(html) {
  return html
    .replace(/<title>[^<]*<\/title>/g, '')
    .replace(/ data-testid="[^"]*"/g, '')
    .replace(/ (id|for)="([^"]+)"/g, (_, name, value) => ` ${name}="fs-${value}"`)
    .replace(/ (aria-labelledby|aria-describedby|aria-controls)="([^"]+)"/g, (_, name, value) => ` ${name}="${value.split(' ').map((id) => `fs-${id}`).join(' ')}"`)
    .replace(/ href="#([^"]+)"/g, (_, id) => ` href="#fs-${id}"`)
    .replace(/<input[^>]*type="radio"[^>]*>/g, (input) => input.replace(/ name="([^"]+)"/, (_, name) => ` name="fs-${name}"`));
}

/**
 * The drawing as one document: boundaries React streamed in after the shell (a part that
 * suspended) put in their places, and without what follows each element `cutAfter` names
 * (sections below the first screen that load their own data, like the home page's best sellers
 * or a product's reviews).
 */
export function withoutBelow(html, cutAfter) {
  const holder = ssrDocument.createElement('div');
  holder.innerHTML = html;
  for (const segment of holder.querySelectorAll('div[hidden][id^="S:"]')) {
    const place = holder.querySelector(`template[id="B:${segment.id.slice(2)}"]`);
    if (!place) throw new Error(`no place for ${segment.id}`);
    for (let node = place.nextSibling; node && !(node.nodeType === 8 && node.data === '/$'); ) {
      const next = node.nextSibling;
      node.remove();
      node = next;
    }
    place.replaceWith(...segment.childNodes);
    segment.remove();
  }
  for (const script of holder.querySelectorAll('script')) script.remove();
  for (const selector of cutAfter) {
    const element = holder.querySelector(selector);
    if (!element) throw new Error(`nothing to cut after: ${selector}`);
    while (element.nextSibling) element.nextSibling.remove();
  }
  return holder.innerHTML;
}

// ---------------------------------------------------------------------------------------------
// Switches. A group of switches is drawn in every combination; the part of the page where the
// drawings differ (cut at tag boundaries) becomes nested {{if}}s. Groups must touch disjoint
// parts of the page.

/** A drawing as tokens: tags, template actions and the text between them. */
const tokens = (text) => text.split(/(<[^>]*>|\{\{[^}]*\}\})/).filter(Boolean);

/** How many tokens a and b share at the start, and at the end (not overlapping). */
function shared(a, b) {
  let p = 0;
  while (p < a.length && p < b.length && a[p] === b[p]) p++;
  let s = 0;
  while (s < a.length - p && s < b.length - p && a[a.length - 1 - s] === b[b.length - 1 - s]) s++;
  return { p, s };
}

/** Where `others` differ from `base`: [start, end) in base, in whole tokens. */
function differingPart(base, others) {
  const baseTokens = tokens(base);
  let p = baseTokens.length;
  let s = baseTokens.length;
  for (const other of others) {
    const both = shared(baseTokens, tokens(other));
    p = Math.min(p, both.p);
    s = Math.min(s, both.s);
  }
  return { start: baseTokens.slice(0, p).join('').length, tail: baseTokens.slice(baseTokens.length - s).join('').length };
}

/** Whether a template fragment opens and closes its actions in balance. */
const balanced = (text) => (text.match(/\{\{(if|range|with) /g) ?? []).length === (text.match(/\{\{end\}\}/g) ?? []).length;

/** Nested {{if}}s over `flags` choosing among `drawings` (keyed by the flags' on/off pattern). */
function switchTree(flags, conditions, drawings, fixed = '') {
  if (fixed.length === flags.length) return drawings.get(fixed);
  const on = switchTree(flags, conditions, drawings, fixed + '1');
  const off = switchTree(flags, conditions, drawings, fixed + '0');
  if (on === off) return on;
  const onTokens = tokens(on);
  const offTokens = tokens(off);
  const { p, s } = shared(onTokens, offTokens);
  const head = onTokens.slice(0, p).join('');
  const tail = onTokens.slice(onTokens.length - s).join('');
  if (!balanced(head) || !balanced(tail)) return `{{if ${conditions[flags[fixed.length]]}}}${on}{{else}}${off}{{end}}`;
  return `${head}{{if ${conditions[flags[fixed.length]]}}}${onTokens.slice(p, onTokens.length - s).join('')}{{else}}${offTokens.slice(p, offTokens.length - s).join('')}{{end}}${tail}`;
}

const combinations = (n) => Array.from({ length: 2 ** n }, (_, i) => i.toString(2).padStart(n, '0'));

/**
 * The template of a document drawn by draw(flags), with every group of switches as {{if}}s where
 * it changes the document. flags maps each switch to true/false; the defaults are all true.
 */
async function withSwitches(draw, groups, conditions) {
  const all = groups.flat();
  const flagsOf = (group, pattern) => Object.fromEntries(all.map((flag) => [flag, group.includes(flag) ? pattern[group.indexOf(flag)] === '1' : true]));
  const base = await draw(flagsOf([], ''));
  const parts = [];
  for (const group of groups) {
    const drawings = new Map();
    for (const pattern of combinations(group.length)) drawings.set(pattern, await draw(flagsOf(group, pattern)));
    const others = [...drawings.values()].filter((drawing) => drawing !== base);
    if (others.length === 0) throw new Error(`switch ${group.join('+')} changes nothing: drop it from the spec`);
    const { start, tail } = differingPart(base, others);
    const middles = new Map([...drawings].map(([pattern, drawing]) => [pattern, drawing.slice(start, drawing.length - tail)]));
    parts.push({ start, end: base.length - tail, text: switchTree(group, conditions, middles), group });
  }
  parts.sort((a, b) => a.start - b.start);
  let template = '';
  let at = 0;
  for (const part of parts) {
    if (part.start < at) throw new Error(`switch ${part.group.join('+')} overlaps another group: put them in one group`);
    template += base.slice(at, part.start) + part.text;
    at = part.end;
  }
  return template + base.slice(at);
}

// ---------------------------------------------------------------------------------------------
// Lists: a list drawn with `count` items becomes {{range}} over the item's template; when the
// first items differ from the rest (the first row's pictures load eagerly), {{if lt $i k}}.

/** The items of list `name` in a drawing: [start, end) of each <li>, found by its markers. */
function listItems(html, count, tag, field) {
  const items = [];
  for (let index = 0; index < count; index++) {
    // Item 0 may also show outside the list (a gallery's main picture): look from item 1's start.
    const last = html.lastIndexOf(`zqi${index}x`);
    if (last < 0) return null;
    const start = html.lastIndexOf(`<${tag}`, last);
    const end = html.indexOf(`</${tag}>`, last) + `</${tag}>`.length;
    const text = html
      .slice(start, end)
      .replaceAll(`zqi${index}x`, 'zqix')
      .replaceAll(` ${index + 1} of ${count}`, ` {{inc $i}} of {{len $.${field}}}`);
    items.push({ start, end, text });
  }
  // A list the component shows last first (the cart's suggestions) is drawn in reverse.
  const reversed = count > 1 && items[1].end === items[0].start;
  const shown = reversed ? [...items].reverse() : items;
  for (let index = 1; index < count; index++) {
    if (shown[index].start !== shown[index - 1].end) throw new Error('list items are not next to each other');
  }
  return { shown, reversed };
}

/**
 * A page drawn by draw(pageFlags, itemFlags) with one list: the page's template with the list as
 * {{range}}, and the item templates (define names) it calls.
 */
async function withList(name, draw, spec) {
  const { count, field, tag = 'li', groups: itemGroups = [], conditions: itemConditions = {} } = spec;
  const placeholder = `zqlist${name}qz`;
  let reversed = false;
  const cut = (html) => {
    const list = listItems(html, count, tag, field);
    if (!list) return { page: html, items: [] };
    reversed = list.reversed;
    const items = list.shown;
    return { page: html.slice(0, items[0].start) + placeholder + html.slice(items.at(-1).end), items };
  };
  // Which items share a template: the first k shown and the rest.
  const allOn = cut(await draw({}, {})).items.map((item) => item.text);
  const k = allOn.findIndex((text) => text !== allOn[0]);
  if (k > 0 && allOn.slice(k).some((text) => text !== allOn[k])) throw new Error(`list ${name}: items fall into more than two kinds`);
  const kinds = k > 0 ? [0, k] : [0];
  const itemTemplates = {};
  for (const kind of kinds) {
    const drawItem = async (flags) => cut(await draw({}, flags)).items[kind].text;
    itemTemplates[kind] = itemGroups.length ? await withSwitches(drawItem, itemGroups, itemConditions) : await drawItem({});
  }
  const items = reversed ? `reverse $.${field}` : `$.${field}`;
  const range =
    kinds.length === 1
      ? `{{range $i, $item := ${items}}}${itemTemplates[0]}{{end}}`
      : `{{range $i, $item := ${items}}}{{if lt $i ${k}}}${itemTemplates[0]}{{else}}${itemTemplates[k]}{{end}}{{end}}`;
  // The page's own uses of the first item (a gallery's main picture) and of the list's length.
  return async (flags, innerItemFlags = {}) =>
    cut(await draw(flags, innerItemFlags))
      .page.replace(placeholder, range)
      .replaceAll(`zqi0xSelfqz`, `{{index $.${field} 0}}`)
      .replaceAll(` of ${count}`, ` of {{len $.${field}}}`);
}

// ---------------------------------------------------------------------------------------------
// The data each page is drawn from.

const on = (value) => value !== false;

/** The running sale as GET /api/getsale lists it, for the frame's sale banner. */
function saleOf(f) {
  if (!on(f.Sale)) return [];
  const collection = on(f.SaleCollection) ? mark('SaleCollection') : '';
  return [
    {
      saleName: mark('SaleBannerName'),
      discount: 4321,
      subCategories: on(f.SaleSubs) ? [{ categoryType: mark('SaleSubs') }] : [],
      categoryData: { categoryType: collection },
      // The same audience as the collection, in other letters: "in the Men collection" alone.
      gender: on(f.SaleEveryone) ? '' : on(f.SaleSameAudience) ? collection.toUpperCase() : mark('SaleAudience'),
    },
  ];
}
const frameGroups = [['Dark'], ['Sale', 'SaleSubs', 'SaleCollection', 'SaleSameAudience', 'SaleEveryone']];
const frameConditions = {
  Dark: '$.Dark',
  Sale: '$.Sale',
  SaleSubs: '$.SaleSubs',
  SaleCollection: '$.SaleCollection',
  SaleSameAudience: '$.SaleSameAudience',
  SaleEveryone: '$.SaleEveryone',
};
const frameNumbers = { 4321: '$.SaleDiscount' };
const frameData = (f) => ({ sales: saleOf(f), theme: on(f.Dark) ? 'dark' : 'light' });

/** A product as the API answers it, item `i` of a list, its words markers. */
function productItem(i, f = {}) {
  const reduced = on(f.Reduced);
  return {
    _id: itemMark(i, 'ID'),
    slug: itemMark(i, 'Slug'),
    productId: itemMark(i, 'Code'),
    productName: itemMark(i, 'Name'),
    thumbnail: itemMark(i, 'Thumbnail'),
    images: [],
    gender: 'Men',
    status: '',
    price: reduced ? prices.was : prices.now,
    discount: 0,
    discountedPrice: prices.now,
    sale: on(f.OnSale) ? [{ _id: 'sale', saleName: itemMark(i, 'SaleName'), discount: 10 }] : [],
    stock: {},
    sizes: [],
    totalStock: on(f.SoldOut) ? 0 : 5,
    basicProductDescription: on(f.Description) ? itemMark(i, 'Description') : '',
    returnDescription: '',
    sizeChart: '',
    category: 'Men',
    categoryId: '',
    subCategory: 'Shirts',
    subcategoryId: '',
    colour: on(f.Colour) ? itemMark(i, 'Colour') : '',
    size: '',
  };
}
const cardGroups = [['SoldOut', 'OnSale'], ['Reduced'], ['Colour'], ['Description']];
const cardConditions = { SoldOut: '.SoldOut', OnSale: '.SaleName', Reduced: '.Was', Colour: '.Colour', Description: '.Description' };
const cardCount = 6;
const products = (f) => Array.from({ length: cardCount }, (_, i) => productItem(i, f));
const pageOf = (items, total) => ({ items, metadata: { total, page: 1, limit: 12, totalPages: 1 } });

const pages = {
  async home() {
    // A title with a plain and an emphasised run: the template ranges over the title's runs.
    const runs = `${mark('RunPlain')}*${mark('RunEmphasis')}*`;
    const draw = (f) =>
      drawPage(
        '/',
        {
          ...frameData(f),
          banners: on(f.Hero)
            ? [
                {
                  _id: 'b',
                  place: 'home',
                  title: runs,
                  subtitle: on(f.Subtitle) ? mark('Subtitle') : '',
                  linkText: on(f.Link) ? mark('LinkText') : '',
                  link: on(f.Link) ? (on(f.External) ? `https://${mark('ExternalLink')}` : `/${mark('PageLink')}`) : '',
                  image: mark('Image'),
                  mobileImage: on(f.MobileImage) ? mark('MobileImage') : '',
                  active: true,
                  position: 0,
                },
              ]
            : [],
        },
        ['[aria-labelledby="hero-title"]'],
      );
    let page = await withSwitches(draw, [...frameGroups, ['Hero', 'Subtitle', 'Link', 'External', 'MobileImage']], {
      ...frameConditions,
      Hero: '$.Hero',
      Subtitle: '$.Subtitle',
      Link: '$.LinkText',
      External: '$.External',
      MobileImage: '$.MobileImage',
    });
    const plain = mark('RunPlain');
    const emphasis = mark('RunEmphasis');
    const at = page.indexOf(plain);
    const after = page.indexOf(emphasis) + emphasis.length;
    const drawn = page.slice(at, page.indexOf('>', after) + 1);
    const emphasised = drawn.slice(plain.length).replace(emphasis, '{{.Text}}');
    if (!/^<(\w+)>\{\{\.Text\}\}<\/\1>$/.test(emphasised)) throw new Error(`the hero's title is drawn unexpectedly: ${drawn}`);
    page = page.replaceAll(drawn, `{{range $.TitleRuns}}{{if .Emphasis}}${emphasised}{{else}}{{.Text}}{{end}}{{end}}`);
    return { page, numbers: frameNumbers };
  },
  async product() {
    const imageCount = 7;
    const sizeCount = 3;
    const draw = (f, itemFlags) => {
      const images = Array.from({ length: on(f.Gallery) ? imageCount : 1 }, (_, i) => itemMark(i, 'Self'));
      const product = {
        ...productItem(0, { SoldOut: f.SoldOut, OnSale: f.OnSale, Reduced: f.Reduced, Colour: true, Description: true }),
        _id: mark('ID'),
        slug: undefined,
        productId: mark('Code'),
        productName: mark('Name'),
        sale: on(f.OnSale) ? [{ _id: 'sale', saleName: mark('SaleName'), discount: 10 }] : [],
        basicProductDescription: mark('Description'),
        thumbnail: images[0],
        images: images.slice(1),
        category: on(f.Category) ? mark('Category') : '',
        subCategory: on(f.SubCategory) ? mark('SubCategory') : '',
        sizes: Array.from({ length: sizeCount }, (_, i) => ({ size: `zqs${i}xSizeqz`, stock: on(itemFlags.Available) ? 3 : 0 })),
        colour: mark('Colour'),
      };
      return drawPage(`/api/getproduct/${mark('ID')}`, { ...frameData(f), product }, [
        '[aria-labelledby="product-description"]',
        '[class="ProductPage_layout"]',
      ]);
    };
    // Two lists: the gallery's pictures, then the size chips (drawn with their own markers).
    const gallery = await withList('gallery', draw, { count: imageCount, field: 'Images' });
    const sizes = await withList(
      'sizes',
      async (f, itemFlags) => (await gallery(f, itemFlags)).replace(/zqs(\d+)x/g, 'zqi$1x'),
      { count: sizeCount, field: 'Sizes', tag: 'label', groups: [['Available']], conditions: { Available: '.Available' } },
    );
    const page = await withSwitches(sizes, [...frameGroups, ['Category', 'SubCategory'], ['SoldOut', 'Gallery', 'OnSale', 'Reduced']], {
      ...frameConditions,
      Gallery: 'gt (len $.Images) 1',
      Category: '$.Category',
      SubCategory: '$.SubCategory',
      OnSale: '$.SaleName',
      SoldOut: '$.SoldOut',
      Reduced: '$.Was',
    });
    return { page, numbers: frameNumbers };
  },
  async cart() {
    const list = await withList(
      'cart-card',
      (f, itemFlags) => drawPage('/guestcart', { ...frameData(f), listing: { query: { status: 'BestSeller' }, page: pageOf(products(itemFlags), cardCount) } }),
      { count: cardCount, field: 'Cards', groups: cardGroups, conditions: cardConditions },
    );
    const page = await withSwitches(list, frameGroups, frameConditions);
    return { page, numbers: frameNumbers };
  },
  async listing() {
    const title = mark('Title');
    const list = await withList(
      'listing-card',
      (f, itemFlags) =>
        drawPage(`/products/${title}`, {
          ...frameData(f),
          categories: {
            items: [{ _id: 'c', name: on(f.InCategory) ? mark('Eyebrow') : '', subCategory: on(f.InCategory) ? [{ _id: 's', categoryType: title, image: on(f.Banner) ? mark('Banner') : '' }] : [] }],
          },
          listing: { query: { type: title, page: 1 }, page: pageOf(products(itemFlags), on(f.One) ? 1 : 56789) },
        }),
      { count: cardCount, field: 'Cards', groups: cardGroups, conditions: cardConditions },
    );
    const page = await withSwitches(list, [...frameGroups, ['InCategory', 'Banner', 'One']], {
      ...frameConditions,
      InCategory: '$.Eyebrow',
      Banner: '$.Banner',
      One: 'eq $.Total 1',
    });
    return { page, numbers: { ...frameNumbers, 56789: '$.Total' } };
  },
};

// ---------------------------------------------------------------------------------------------
// Markers to actions.

function toActions(template, numbers = {}) {
  let text = template
    .replaceAll(prices.nowText, '{{.Now}}')
    .replaceAll(prices.wasText, '{{.Was}}')
    .replace(new RegExp(`(?<![\\d.,])${prices.off}(?=<!-- -->% off|% off)`, 'g'), '{{.Off}}')
    .replace(/https:\/\/zqExternalLinkqz/g, '{{$.ExternalLink}}')
    .replace(/\/zqPageLinkqz/g, '{{$.PageLink}}')
    .replaceAll('zqixSelfqz', '{{.}}')
    .replace(/zqix([A-Za-z]+)qz/g, (_, field) => `{{.${field}}}`)
    .replace(/zq([A-Z][A-Za-z]*)qz/g, (_, field) => `{{$.${field}}}`)
    .replace(/zq([a-z][a-z]*)qz/g, (_, field) => `{{lower $.${field[0].toUpperCase()}${field.slice(1)}}}`);
  for (const [number, action] of Object.entries(numbers)) {
    text = text.replace(new RegExp(`(?<![\\d.,])${number}(?![\\d,])`, 'g'), `{{${action}}}`);
  }
  if (/zq[A-Za-z0-9]*qz/i.test(text)) throw new Error(`a marker is left over: ${text.match(/.{40}zq[A-Za-z0-9]*qz.{20}/i)?.[0]}`);
  return text;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) await runToEnd(writeTemplates);

/**
 * Runs main and ends the process when it is done: with status 1 and the error when it fails
 * (the build fails), and without waiting for anything the app's modules left behind.
 */
export async function runToEnd(main) {
  const started = Date.now();
  try {
    await main();
  } catch (error) {
    console.error(error);
    process.exitCode = 1;
  } finally {
    closeDom();
  }
  if (process.env.DRAPE_TIMING) console.error(`${process.argv[1]}: ${((Date.now() - started) / 1000).toFixed(1)} s`);
  process.exit();
}

async function writeTemplates() {
  const started = Date.now();
  ssr = await import('../dist-ssr/firstScreen.js');
  let file =
    '{{/* Generated by client/scripts/first-screen-templates.mjs from the app\'s components (npm run build); do not edit. */}}\n';
  for (const [name, build] of Object.entries(pages)) {
    const { page, numbers } = await build();
    file += `{{define "${name}"}}${toActions(page, numbers)}{{end}}\n`;
  }
  // The shop's name, which the server's page heads use (server/seo.go).
  file += `{{define "brand"}}${ssr.brandName}{{end}}\n`;
  writeFileSync(out, file);
  console.log(`first-screen templates: ${out} (${(file.length / 1024).toFixed(1)} kB, ${((Date.now() - started) / 1000).toFixed(1)} s)`);
}
