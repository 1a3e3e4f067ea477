import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import { readdirSync } from 'node:fs';
import path from 'node:path';
import importPlugin from 'eslint-plugin-import';

const root = import.meta.dirname;
const folders = (dir) =>
  readdirSync(path.join(root, dir), { withFileTypes: true })
    .filter((d) => d.isDirectory())
    .map((d) => d.name);
const serverModules = folders('server/src/modules');
const webFeatures = folders('web/src/features');

export default tseslint.config(
  {
    ignores: [
      '**/node_modules/**',
      '**/dist/**',
      'data/**',
      '**/test-results/**',
      '**/playwright-report/**',
      'server/src/db/migrations/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
      // Check what may be missing (an index, a find, a nullable column) instead of asserting it is there.
      '@typescript-eslint/no-non-null-assertion': 'error',
      // A double cast silences the checker instead of telling it the truth: type the value instead.
      'no-restricted-syntax': [
        'error',
        {
          selector: 'TSAsExpression > TSAsExpression.expression[typeAnnotation.type="TSUnknownKeyword"]',
          message: 'No `as unknown as`: give the value its real type (or a narrower single cast with a comment).',
        },
      ],
    },
  },
  {
    files: ['web/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: { ...reactHooks.configs.recommended.rules },
  },
  {
    // Server imports point inward (docs/architecture.md, Rules): routes → service → queries | domain.
    files: ['server/**/*.ts'],
    plugins: { import: importPlugin },
    settings: {
      // The imports name their files (`./x.ts`), so Node's resolution finds them; the plugin parses only the extensions listed here.
      'import/resolver': { node: { extensions: ['.ts', '.js'] } },
      'import/extensions': ['.ts', '.js'],
      'import/parsers': { '@typescript-eslint/parser': ['.ts'] },
      // Never parse packages for cycles: bundles such as PGlite's are slow to read and overflow the parser.
      'import/ignore': ['node_modules'],
    },
    rules: {
      // Only our own files: following packages would parse bundles such as PGlite's, slowly and to no purpose.
      'import/no-cycle': ['error', { ignoreExternal: true }],
      'import/no-restricted-paths': [
        'error',
        {
          basePath: root,
          zones: [
            {
              target: './server/src/domain',
              from: ['./server/src/!(domain)/**', './server/src/*.ts'],
              message: 'domain/ is pure: it imports only packages/contract and libraries.',
            },
            {
              target: ['./server/src/plugins', './server/src/db', './server/src/lib'],
              from: './server/src/modules',
              message: 'Plugins, db and lib sit below the modules and may not import them.',
            },
            // A module's files are its own; everyone else (other modules, jobs, the composition root, tests) goes through its index.ts.
            ...serverModules.map((name) => ({
              target: ['./server/src/*.ts', './server/src/!(modules)/**', `./server/src/modules/!(${name})/**`, './server/test/**'],
              from: `./server/src/modules/${name}`,
              except: ['./index.ts'],
              message: `Import the ${name} module through modules/${name}/index.ts.`,
            })),
          ],
        },
      ],
    },
  },
  {
    // Web features stay independent: what two features share lives in web/src/components or
    // web/src/lib, and web/src/app composes features (it may import them; they may not import app).
    files: ['web/**/*.{ts,tsx}'],
    plugins: { import: importPlugin },
    settings: { 'import/resolver': { node: { extensions: ['.ts', '.tsx', '.js'] } } },
    rules: {
      'import/no-restricted-paths': [
        'error',
        {
          basePath: root,
          zones: webFeatures.map((feature) => ({
            target: `./web/src/features/${feature}`,
            from: './web/src/features',
            except: [`./${feature}`],
            message:
              'A web feature may not import another feature: move what is shared to web/src/components or web/src/lib, or compose in web/src/app.',
          })),
        },
      ],
    },
  },
  {
    // Playwright reads a fixture's dependencies from its first parameter, which must be destructured even when empty.
    files: ['e2e/**/*.ts'],
    rules: { 'no-empty-pattern': ['error', { allowObjectPatternsAsParameters: true }] },
  },
);
