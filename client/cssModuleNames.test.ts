// @vitest-environment node
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { build } from 'vite';
import { afterEach, describe, expect, it } from 'vitest';
import { cssModuleFiles, cssModuleNamer } from './cssModuleNames.ts';

let dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
  dirs = [];
});

/** A source tree with these files (path → text) in a fresh temporary folder. */
function tree(files: Record<string, string>): string {
  const root = mkdtempSync(join(tmpdir(), 'css-modules-'));
  dirs.push(root);
  for (const [path, text] of Object.entries(files)) {
    mkdirSync(dirname(join(root, path)), { recursive: true });
    writeFileSync(join(root, path), text);
  }
  return root;
}

describe('cssModuleNamer', () => {
  it('names a class after its module file', () => {
    const root = tree({ 'components/Header.module.css': '', 'components/Dialog.module.css': '' });
    const name = cssModuleNamer(cssModuleFiles(root), root);
    expect(name('bar', join(root, 'components/Header.module.css'))).toBe('Header_bar');
    expect(name('panel', join(root, 'components/Dialog.module.css?used'))).toBe('Dialog_panel');
    expect(name('panel', join(root, 'components/Dialog.module.css'))).toBe('Dialog_panel');
  });

  it('tells apart two modules with the same file name by their folders', () => {
    const root = tree({
      'features/cart/components/Summary.module.css': '',
      'features/checkout/components/Summary.module.css': '',
      'features/checkout/admin/Summary.module.css': '',
    });
    const name = cssModuleNamer(cssModuleFiles(root), root);
    const names = [
      name('panel', join(root, 'features/cart/components/Summary.module.css')),
      name('panel', join(root, 'features/checkout/components/Summary.module.css')),
      name('panel', join(root, 'features/checkout/admin/Summary.module.css')),
    ];
    expect(names).toEqual(['cart-components-Summary_panel', 'checkout-components-Summary_panel', 'checkout-admin-Summary_panel']);
  });

  it('refuses a class name two modules would both produce', () => {
    const root = tree({ 'A.module.css': '', 'A_b.module.css': '' });
    const name = cssModuleNamer(cssModuleFiles(root), root);
    expect(name('b_c', join(root, 'A.module.css'))).toBe('A_b_c');
    expect(() => name('c', join(root, 'A_b.module.css'))).toThrow('CSS module class name collision: A_b_c is both A.module.css .b_c and A_b.module.css .c');
  });

  it('fails a Vite build whose modules collide', async () => {
    const root = tree({
      'main.js': "import a from './A.module.css';\nimport b from './A_b.module.css';\nexport default [a, b];\n",
      'A.module.css': '.b_c { color: red; }\n',
      'A_b.module.css': '.c { color: blue; }\n',
    });
    const building = build({
      root,
      configFile: false,
      logLevel: 'silent',
      css: { modules: { generateScopedName: cssModuleNamer(cssModuleFiles(root), root) } },
      build: { write: false, lib: { entry: join(root, 'main.js'), formats: ['es'] } },
    });
    await expect(building).rejects.toThrow(/A_b_c is both/);
  });
});
