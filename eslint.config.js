import js from '@eslint/js';
import globals from 'globals';
import reactHooks from 'eslint-plugin-react-hooks';
import tseslint from 'typescript-eslint';

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
    rules: {
      'no-restricted-imports': ['error', { patterns: [{ regex: '(^|/)test/', message: 'Test helpers (apps/server/test) are for *.test.ts only.' }] }],
    },
  },
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
