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
    // Two files of src/app are Redux's composition root, which features use the way Redux
    // Toolkit's documentation has them do: hooks.ts (useAppDispatch/useAppSelector typed with
    // the store, 33 imports) and store.ts (the RootState/AppDispatch types, and the root
    // reducer that lazily loaded slices inject themselves into, adminSlice.ts). Neither can
    // move to src/lib: the store is built from features' slices, and lib imports no feature.
    except: ['./hooks.ts', './store.ts'],
    message: 'Features never import src/app (only its Redux hooks.ts and store.ts).',
  },
  {
    target: ['./src/components', './src/lib'],
    from: './src/features',
    message: 'src/components and src/lib import no feature.',
  },
];

export default tseslint.config(
  { ignores: ['dist/', 'dist-ssr/', 'node_modules/', 'test-results/', 'playwright-report/'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    rules: {
      // Unused names are errors, except those the TypeScript compiler's noUnused* settings
      // also allow: a leading underscore, and the error of a catch clause.
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_', destructuredArrayIgnorePattern: '^_', caughtErrors: 'none' },
      ],
    },
  },
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
      // Off: these two React Compiler rules of react-hooks 7 found 29 refs read during render
      // (the latest-callback pattern, e.g. Dialog's onCloseRef, and the account forms' field
      // refs) and 12 setState calls in effects (state reset when a prop changes). The client
      // does not use the React Compiler, and rewriting those components is a change of
      // behaviour, not a lint fix; rules-of-hooks and exhaustive-deps stay errors.
      'react-hooks/refs': 'off',
      'react-hooks/set-state-in-effect': 'off',
      'react-hooks/exhaustive-deps': 'error',
      ...jsxA11y.flatConfigs.recommended.rules,
      // A label's text may sit three elements deep (label > span > span > text), as on the
      // checkout's payment and address cards.
      'jsx-a11y/label-has-associated-control': ['error', { depth: 4 }],
      // A component's autoFocus prop is checked where it reaches the DOM element (SearchBox).
      'jsx-a11y/no-autofocus': ['error', { ignoreNonDOM: true }],
      // Redux Toolkit's lazily loaded slices extend the store's interface by declaration
      // merging (`interface LazyLoadedSlices extends WithSlice<...> {}`).
      '@typescript-eslint/no-empty-object-type': ['error', { allowInterfaces: 'with-single-extends' }],
      'import/no-restricted-paths': ['error', { zones: boundaryZones }],
    },
  },
  {
    // A feature's tests render it in the whole store (app/renderWithProviders, app/store) and
    // beside the app's toast viewport, the way the app shell composes it: tests may import
    // what the code under test may not.
    files: ['src/**/*.test.{ts,tsx}'],
    rules: { 'import/no-restricted-paths': 'off' },
  },
  {
    // Scripts the browser loads as they are (public/).
    files: ['public/**/*.js'],
    languageOptions: { globals: { ...globals.browser } },
  },
  {
    // Node-side files: the build config, scripts, Playwright's tests and config.
    files: ['*.{js,ts,mjs}', 'scripts/**', 'e2e/**'],
    languageOptions: { globals: { ...globals.node } },
    // Playwright reads a fixture's parameters from its destructuring pattern: a test that uses
    // none of them still writes `async ({}, testInfo) => ...`. A fixture hands its value on with
    // a function Playwright calls `use`, which is no React hook: React's rules of hooks are for
    // the app's components (src/), and none of these files renders one.
    rules: { 'no-empty-pattern': ['error', { allowObjectPatternsAsParameters: true }], 'react-hooks/rules-of-hooks': 'off' },
  },
);
