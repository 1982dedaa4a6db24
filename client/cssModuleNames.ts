// How CSS-module classes are named (vite.config.ts's css.modules.generateScopedName).
import { readdirSync } from 'node:fs';
import { basename, dirname, join, relative, sep } from 'node:path';

const moduleSuffix = /\.module\.css$/;

/** Every *.module.css under `dir`, as absolute paths. */
export function cssModuleFiles(dir: string): string[] {
  return readdirSync(dir, { recursive: true, encoding: 'utf8' })
    .filter((file) => moduleSuffix.test(file))
    .map((file) => join(dir, file))
    .sort();
}

/**
 * cssModuleNamer names each CSS-module class after its file: Header.module.css's .bar is
 * Header_bar. The names are deterministic (the server's first screen, server/firstscreen.html,
 * writes the same classes into its markup) and short (the names travel in the shopper's scripts).
 * Where two modules share a base name, each of them is named with as many of its folders as
 * tell it apart: features/cart/Summary.module.css's .total is cart-Summary_total beside
 * features/checkout/Summary.module.css's checkout-Summary_total.
 *
 * A class name one module produces that another module also produces (however it came about)
 * fails the build with an error naming both, rather than letting one module's rules land on the
 * other's elements.
 */
export function cssModuleNamer(files: string[], root: string): (local: string, file: string) => string {
  const stem = (file: string) => basename(file).replace(moduleSuffix, '');
  const byStem = new Map<string, string[]>();
  for (const file of files) byStem.set(stem(file), [...(byStem.get(stem(file)) ?? []), file]);

  const prefixes = new Map<string, string>();
  for (const [name, sharing] of byStem) {
    if (sharing.length === 1) continue;
    // The fewest folders, nearest first, that make each file's prefix its own.
    const folders = sharing.map((file) => relative(root, dirname(file)).split(sep).filter(Boolean));
    for (let depth = 1; ; depth++) {
      const candidates = folders.map((parts) => [...parts.slice(-depth), name].join('-'));
      if (new Set(candidates).size === candidates.length || depth > Math.max(...folders.map((parts) => parts.length))) {
        sharing.forEach((file, index) => prefixes.set(file, candidates[index]!));
        break;
      }
    }
  }

  const owners = new Map<string, string>();
  return (local, file) => {
    const path = file.replace(/\?.*$/, '');
    const name = `${prefixes.get(path) ?? stem(path)}_${local}`;
    const owner = `${relative(root, path)} .${local}`;
    const earlier = owners.get(name);
    if (earlier !== undefined && earlier !== owner) {
      throw new Error(`CSS module class name collision: ${name} is both ${earlier} and ${owner} (see cssModuleNames.ts)`);
    }
    owners.set(name, owner);
    return name;
  };
}
