import { readdirSync } from 'node:fs';
import js from '@eslint/js';
import globals from 'globals';
import reactHooks from 'eslint-plugin-react-hooks';
import tseslint from 'typescript-eslint';

const NO_TEST_HELPERS = { regex: '(^|/)test/', message: 'Test helpers (apps/server/test) are for *.test.ts only.' };

/**
 * Module boundaries of the server (docs/decisions.md, Module boundaries and the composition root). Each module owns
 * the tables of its schema file(s) in apps/server/src/db/schema: this map, the one place that says which.
 */
const MODULE_TABLES = {
  addresses: ['addresses'],
  audit: ['audit'],
  auth: ['auth'],
  cart: ['cart'],
  catalog: ['catalog', 'stock'],
  content: ['content'],
  engagement: ['engagement'],
  geo: [],
  invoices: ['invoices'],
  mail: ['mail'],
  media: [],
  orders: ['orders'],
  payments: ['payments'],
  reports: [],
  returns: ['returns'],
  sales: ['sales'],
  seo: [],
  shipping: ['shipping'],
  users: ['users'],
  vouchers: ['vouchers'],
  'vnpay-sandbox': ['vnpay-sandbox'],
  'bank-sandbox': [],
  'carrier-sandbox': ['carrier-sandbox'],
};

const MODULES_DIR = 'apps/server/src/modules';

/**
 * A non-test file of module A imports module B only through modules/B/index.ts, and only its own schema files.
 * Test files are exempt (they set up any table), and so is db/seed, outside the modules (it fills every table).
 * no-restricted-imports sees the import as written, so the patterns depend on how deep the file is in its module.
 */
function moduleBoundaries() {
  const modules = readdirSync(MODULES_DIR, { withFileTypes: true })
    .filter((d) => d.isDirectory())
    .map((d) => d.name);
  for (const m of modules) if (!(m in MODULE_TABLES)) throw new Error(`eslint.config.js: name the schema files of module ${m} in MODULE_TABLES`);
  const up = (n) => '\\.\\./'.repeat(n);
  const configs = [];
  for (const m of modules) {
    const own = MODULE_TABLES[m];
    for (let depth = 0; depth <= 3; depth++) {
      configs.push({
        files: [`${MODULES_DIR}/${m}/${'*/'.repeat(depth)}*.ts`],
        ignores: ['**/*.test.ts'],
        rules: {
          'no-restricted-imports': [
            'error',
            {
              patterns: [
                NO_TEST_HELPERS,
                {
                  regex: `^${up(depth + 1)}[^./][^/]*/(?!index\\.ts$)`,
                  message: 'Another module is reached only through its index.ts.',
                },
                {
                  regex: own.length ? `^${up(depth + 2)}db/schema/(?!(${own.join('|')})\\.ts$)` : `^${up(depth + 2)}db/schema/`,
                  message: own.length
                    ? `Module ${m} reads only its own tables (db/schema/${own.join('.ts, ')}.ts); others through their module's index.ts.`
                    : `Module ${m} owns no table; others are read through their module's index.ts.`,
                },
              ],
            },
          ],
        },
      });
    }
  }
  // The composition root and the app reach the modules through their index.ts too.
  configs.push(
    {
      files: [`${MODULES_DIR}/index.ts`],
      rules: {
        'no-restricted-imports': ['error', { patterns: [NO_TEST_HELPERS, { regex: '^\\./[^/]+/(?!index\\.ts$)', message: 'A module is reached only through its index.ts.' }] }],
      },
    },
    {
      files: ['apps/server/src/app.ts'],
      rules: {
        'no-restricted-imports': ['error', { patterns: [NO_TEST_HELPERS, { regex: '^\\./modules/[^/]+/(?!index\\.ts$)', message: 'A module is reached only through its index.ts.' }] }],
      },
    },
  );
  return configs;
}

export default tseslint.config(
  { ignores: ['**/dist/**', '**/dist-server/**', '**/node_modules/**', 'data/**', 'apps/server/src/db/migrations/**', 'coverage/**', 'e2e/.artifacts/**', 'bench/.data/**'] },
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
    // Request input goes through the strict input layer (packages/shared/src/input.ts): coercion would read '0x1F',
    // ' 1' or true as numbers.
    files: ['packages/shared/src/**/*.ts', 'apps/server/src/modules/**/*.ts', 'apps/server/src/lib/**/*.ts'],
    rules: {
      'no-restricted-properties': [
        'error',
        { object: 'z', property: 'coerce', message: 'Use idParam/queryInt/jsonInt from packages/shared/src/input.ts: request numbers are never coerced.' },
      ],
    },
  },
  {
    // Test helpers live in apps/server/test: production code never reaches them.
    files: ['apps/server/src/**/*.ts'],
    ignores: ['apps/server/src/**/*.test.ts'],
    rules: { 'no-restricted-imports': ['error', { patterns: [NO_TEST_HELPERS] }] },
  },
  ...moduleBoundaries(),
  {
    files: ['apps/web/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'warn',
    },
  },
);
