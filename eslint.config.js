import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import importBoundaries from './scripts/eslint-boundaries.mjs';

/** Where areas meet (docs/decisions/0074): another area only through its entry file. */
const BOUNDARIES = [
  // A web feature, from another feature or from app/: through features/<area>/index.ts.
  { areas: 'src/web/features', entry: 'index', importers: 'src/web' },
  // A server module, from another module: through modules/<area>/service.ts (app.ts wires them all).
  { areas: 'src/server/modules', entry: 'service', importers: 'src/server/modules' },
];

export default tseslint.config(
  { ignores: ['node_modules', 'data', 'dist', 'test-results', 'src/server/db/migrations'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
      'no-restricted-imports': 'off',
    },
  },
  {
    files: ['src/**/*.{ts,tsx}'],
    plugins: { local: { rules: { 'import-boundaries': importBoundaries } } },
    rules: { 'local/import-boundaries': ['error', { boundaries: BOUNDARIES }] },
  },
  {
    files: ['src/web/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      'no-restricted-imports': ['error', { patterns: [{ group: ['**/server/**'], message: 'web must not import server code' }] }],
    },
  },
  {
    files: ['src/domain/**/*.ts'],
    rules: {
      'no-restricted-imports': ['error', { patterns: [{ group: ['**/server/**', '**/web/**', 'node:*', 'pg', 'fastify', 'react'], message: 'domain is pure: no I/O and no imports from other layers' }] }],
    },
  },
  {
    files: ['src/server/**/*.ts'],
    rules: {
      'no-restricted-imports': ['error', { patterns: [{ group: ['**/web/**'], message: 'server must not import web code' }] }],
    },
  },
);
