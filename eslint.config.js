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
    // A page kind's server check lives in the kind's folder (check.ts) but runs in the server: it
    // imports only server and shared code, never React nor the kind's components.
    files: ['src/client/**/pages/*/check.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex: '^(?!\\.\\./(?:\\.\\./)*(?:server|shared)/)',
              message: "A page kind's check.ts runs in the server: it imports only src/server and src/shared code.",
            },
          ],
        },
      ],
    },
  },
  {
    // The server takes from src/client only the page kinds' checks (pages/<kind>/check.ts).
    files: ['src/server/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex: '/client/(?!(?:.*/)?pages/[^/]+/check\\.js$)',
              message: "The server imports no client code but a page kind's check.ts.",
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
