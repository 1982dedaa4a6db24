// ESLint for the client (`npm run lint`, run by scripts/test.sh): typescript-eslint's
// recommended rules, React's rules of hooks, jsx-a11y's recommended accessibility rules, and
// the import boundaries of DESIGN.md (import/no-restricted-paths, which resolves each import
// to its file, so relative paths of any depth are caught):
//   - a feature (src/features/<x>) imports no other feature and nothing from src/app/;
//   - src/components/ and src/lib/ import no feature.
import { readdirSync } from 'node:fs';
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import jsxA11y from 'eslint-plugin-jsx-a11y';
import importPlugin from 'eslint-plugin-import';
import globals from 'globals';

const features = readdirSync(new URL('./src/features', import.meta.url), { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);

const boundaryZones = [
  ...features.map((feature) => ({
    target: `./src/features/${feature}`,
    from: './src/features',
    except: [`./${feature}`],
    message: 'Features never import each other: move what both need to src/lib or src/components, or compose them in src/app.',
  })),
  {
    target: './src/features',
    from: './src/app',
    message: 'Features never import src/app.',
  },
  {
    target: ['./src/components', './src/lib'],
    from: './src/features',
    message: 'src/components and src/lib import no feature.',
  },
];

export default tseslint.config(
  { ignores: ['dist/', 'node_modules/', 'test-results/', 'playwright-report/'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ['**/*.{ts,tsx}'],
    languageOptions: {
      ecmaVersion: 2022,
      globals: { ...globals.browser },
    },
    plugins: { 'react-hooks': reactHooks, 'jsx-a11y': jsxA11y, import: importPlugin },
    settings: {
      'import/resolver': { node: { extensions: ['.ts', '.tsx', '.js', '.mjs'] } },
    },
    rules: {
      ...reactHooks.configs.recommended.rules,
      ...jsxA11y.flatConfigs.recommended.rules,
      'import/no-restricted-paths': ['error', { zones: boundaryZones }],
    },
  },
  {
    // Node-side files: the build config, scripts, Playwright's tests and config.
    files: ['*.{js,ts,mjs}', 'scripts/**', 'e2e/**'],
    languageOptions: { globals: { ...globals.node } },
  },
);
