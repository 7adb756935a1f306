import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';

export default tseslint.config(
  {
    ignores: [
      '**/node_modules/**',
      '**/dist/**',
      '**/dist-*/**',
      '.stack/**',
      'functions/lib/**',
      'bench/results/**',
      'e2e/artifacts/**',
      'coverage/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
    },
  },
  {
    // A plain browser script from 2013-style gapi, kept ES5 on purpose: callbacks need their own `this`.
    files: ['e2e/support/gapi/*.js'],
    languageOptions: { globals: { ...globals.browser }, sourceType: 'script' },
    rules: { '@typescript-eslint/no-this-alias': 'off' },
  },
  {
    files: ['web/src/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: { ...reactHooks.configs.recommended.rules },
  },
  {
    // Every Firestore query is declared in queries.ts, where a test checks it against firestore.indexes.json.
    files: ['functions/src/**/*.ts'],
    ignores: ['functions/src/adapters/firestore/queries.ts', '**/*.test.ts'],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector: 'CallExpression[callee.property.name=/^(where|orderBy|collectionGroup|findNearest)$/]',
          message: 'Declare the query in functions/src/adapters/firestore/queries.ts and use buildQuery.',
        },
      ],
    },
  },
  {
    // The domain is pure: no Firebase, Stripe or HTTP (STYLE: functions/).
    files: ['functions/src/domain/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        { patterns: ['firebase-admin*', 'firebase-functions*', 'stripe', 'express', '*/adapters/*', '*/http/*'] },
      ],
    },
  },
  // A feature never imports another feature; app/ composes them (STYLE: web/). From a feature's top folder a
  // sibling feature is `../x/...`; from one level down it is `../../x/...`.
  ...[
    ['web/src/features/*/*.{ts,tsx}', '^\\.\\./(?!\\.\\./)'],
    ['web/src/features/*/*/**/*.{ts,tsx}', '^\\.\\./\\.\\./(?!\\.\\./)'],
  ].map(([files, regex]) => ({
    files: [files],
    rules: {
      'no-restricted-imports': [
        'error',
        { patterns: [{ regex, message: 'A feature never imports another feature.' }] },
      ],
    },
  })),
);
