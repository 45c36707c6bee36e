// ESLint (flat config): the recommended JavaScript and typescript-eslint rules without type
// information (fast enough for CI's check tier) and React's rules of hooks. Every rule turned off
// or loosened here says why; a rule set aside at one place says why there (`-- reason`).
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';

export default tseslint.config(
  {
    ignores: [
      'dist/',
      'dist-ssr/',
      'build/',
      'releases/',
      'node_modules/',
      '.e2e/',
      '.ci-logs/',
      'coverage/',
      'data/',
      'scripts/bench/render/.out/',
      'public/',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
    linterOptions: { reportUnusedDisableDirectives: 'error' },
    rules: {
      // Entity tables and records are defined by JSON schemas at run time (database.ts): their
      // rows and the API envelopes tests read are `any` on purpose, where a static type would lie.
      '@typescript-eslint/no-explicit-any': 'off',
      // Control characters in patterns are on purpose wherever they occur here: they are what file
      // names, headers and XML text are cleaned of, and what tests check is gone.
      'no-control-regex': 'off',
      // A leading underscore marks a parameter kept for its position or a property dropped by a rest pattern.
      '@typescript-eslint/no-unused-vars': [
        'error',
        {
          argsIgnorePattern: '^_',
          varsIgnorePattern: '^_',
          destructuredArrayIgnorePattern: '^_',
          caughtErrors: 'none',
        },
      ],
      // No file over 400 lines, counted as Prettier writes them: split along a seam instead.
      'max-lines': ['error', { max: 400, skipBlankLines: false, skipComments: false }],
    },
  },
  {
    files: ['src/client/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'error',
    },
  },
  {
    // Screens are thin: a component file over 250 lines splits its hooks, dialogs and columns into
    // files of their own (a form controller hook, a column builder, a dialog).
    files: ['src/client/**/*.tsx'],
    ignores: ['src/client/**/*.test.tsx'],
    rules: { 'max-lines': ['error', { max: 250, skipBlankLines: false, skipComments: false }] },
  },
  {
    // The generic runtime knows no module: a module registers its screens into the runtime's
    // registries (src/client/modules/<m>/index.ts), and the app entry imports the module list.
    // Tests that render or count every schema's page kinds and widgets import the list as main.tsx does.
    files: ['src/client/runtime/**/*.{ts,tsx}'],
    ignores: ['src/client/runtime/**/*.test.{ts,tsx}'],
    rules: {
      'no-restricted-imports': [
        'error',
        { patterns: [{ group: ['**/modules/**'], message: 'The runtime imports no client module.' }] },
      ],
    },
  },
  {
    // The server imports no client code (a page kind's server check is src/server/platform/schemas/pageKinds/<kind>.ts).
    files: ['src/server/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex: '/client/',
              message: 'The server imports no client code.',
            },
          ],
        },
      ],
    },
  },
  {
    // Code both sides run: no React, no Fastify (src/shared/contracts/ is read by the browser and the server).
    files: ['src/shared/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['react', 'react-*', 'react/*', 'fastify', 'fastify/*', '@fastify/*'],
              message: 'src/shared runs on both sides.',
            },
          ],
        },
      ],
    },
  },
);
