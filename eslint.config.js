import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';

/** Imports of a layer, by regex over the import's path; `layer` names what the message says. */
const forbid = (regex, message) => ({ regex, message });
const OUR_LAYER = (name) => `(^|/)${name}(/|$)`;
/** Test kits are for tests: nothing deployed imports tools/ or a *.testkit file. */
const NOT_DEPLOYED = [
  forbid('(^|/)tools/', 'Deployed code never imports tools/ (test kits and scripts).'),
  forbid('\\.testkit$', 'Deployed code never imports a test kit (*.testkit.ts).'),
];
/** The local stack's time machine (functions/src/emulator/) enters through its own entry only, never production's. */
const NOT_IN_PRODUCTION = forbid(
  '(^|/)(emulator(/|$)|index\\.emulator$)',
  'Only src/index.emulator.ts imports emulator/: the deployed bundle carries none of it (a TimeMachine in deps).',
);
const FUNCTIONS_LAYERS = [
  {
    // The domain is pure: no Firebase, Stripe or HTTP, and nothing of ours but the contract and the domain.
    files: ['functions/src/domain/**/*.ts'],
    group: ['firebase-admin*', 'firebase-functions*', 'stripe', 'express'],
    patterns: ['adapters', 'services', 'http', 'jobs'].map((layer) =>
      forbid(OUR_LAYER(layer), 'The domain imports nothing of ours but the contract and other domain files.'),
    ),
  },
  {
    files: ['functions/src/adapters/**/*.ts'],
    patterns: [
      forbid(OUR_LAYER('http'), 'Adapters never import http/: take plain values (domain/caller.ts).'),
      forbid(OUR_LAYER('services'), 'Adapters never import services/: services call adapters.'),
    ],
  },
  {
    files: ['functions/src/services/**/*.ts', 'functions/src/jobs/**/*.ts'],
    patterns: [forbid(OUR_LAYER('http'), 'Services never import http/: routes call services.')],
  },
  {
    files: ['functions/src/http/**/*.ts'],
    patterns: [forbid('(^|/)adapters/firestore(/|$)', 'Routes never touch Firestore: call a service.')],
  },
  {
    // The settings are read by the http layer, jobs and tools alike: their parsers live in adapters/.
    files: ['functions/src/config.ts'],
    patterns: [forbid(OUR_LAYER('http'), "config.ts never imports http/: a setting's parser lives in adapters/.")],
  },
  { files: ['functions/src/index.ts', 'functions/src/functions.ts'], patterns: [] },
  {
    // The emulator's parts, and the entry that hands them in at start-up (StartUp in src/functions.ts).
    files: ['functions/src/emulator/**/*.ts', 'functions/src/index.emulator.ts'],
    patterns: [forbid(OUR_LAYER('http'), 'The time machine is handed to the app at start-up: no http/ here.')],
    emulator: true,
  },
];

/** Per layer: its rule for tests, and the stricter one (its own plus NOT_DEPLOYED) for deployed files. */
function functionsLayerRules() {
  const rule = ({ group = [], patterns }) => ({
    'no-restricted-imports': ['error', { patterns: [...(group.length ? [{ group }] : []), ...patterns] }],
  });
  return FUNCTIONS_LAYERS.flatMap((layer) => [
    {
      files: layer.files,
      ignores: ['**/*.test.ts'],
      rules: rule({
        ...layer,
        patterns: [...layer.patterns, ...NOT_DEPLOYED, ...(layer.emulator ? [] : [NOT_IN_PRODUCTION])],
      }),
    },
    // Domain tests stay free of Firebase, Stripe and HTTP; they may import an adapter they check the domain against.
    ...(layer.group
      ? [
          {
            files: layer.files.map((f) => f.replace(/\.ts$/, '.test.ts')),
            rules: rule({ group: layer.group, patterns: [] }),
          },
        ]
      : []),
  ]);
}

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
    // The service worker's Web Push handlers, imported by the generated worker (web/vite.config.ts).
    files: ['web/public/*.js'],
    languageOptions: { globals: { ...globals.serviceworker }, sourceType: 'script' },
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
  // The layers of functions/ (functions/README.md): http -> services -> domain and adapters. Each layer's
  // forbidden imports, as regexes over the import path; tests may reach below their layer to seed and inspect.
  ...functionsLayerRules(),
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
