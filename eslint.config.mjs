import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import prettierConfig from 'eslint-config-prettier';

const electronOnlyInShell = {
  paths: [{ name: 'electron', message: 'Only src/main/electron and src/preload may import electron; the core must stay Electron-free.' }],
  patterns: [{ group: ['electron/*'], message: 'Only src/main/electron and src/preload may import electron.' }],
};

const onlyWriteTransaction = {
  selector: "CallExpression[callee.property.name='transaction']",
  message: 'Use writeTransaction(db, fn) from store/database: it begins IMMEDIATE.',
};

const sqlOnlyInStore = [
  {
    selector: 'CallExpression[callee.property.name=/^(prepare|exec|pragma|query)$/]',
    message: 'SQL lives in src/main/core/store/ (a repository). For a RegExp, use String#match or RegExp#test.',
  },
];

export default tseslint.config(
  { ignores: ['out/**', 'dist/**', 'node_modules/**', 'test-results/**', 'playwright-report/**', 'coverage/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
      eqeqeq: ['error', 'always'],
      'no-console': 'error',
    },
  },
  // Formatting is Prettier's job (checked by `npm run lint`); turn off ESLint's overlapping style rules.
  prettierConfig,
  {
    // Playwright fixtures must destructure their (empty) dependencies.
    files: ['test/e2e/**/*.ts'],
    rules: { 'no-empty-pattern': 'off' },
  },
  {
    files: ['scripts/screenshots.mjs'],
    languageOptions: { globals: { ...globals.browser } },
  },
  {
    files: ['bin/**/*.js'],
    rules: { '@typescript-eslint/no-require-imports': 'off' },
  },
  {
    // The core, the hosts and the shared contract never touch Electron.
    files: ['src/main/**/*.ts', 'src/shared/**/*.ts'],
    ignores: ['src/main/electron/**'],
    rules: { 'no-restricted-imports': ['error', electronOnlyInShell] },
  },
  {
    // A timer given more than 2^31 - 1 ms fires at once: every wait goes through startTimer
    // (src/shared/long-timeout.ts), which waits out a longer one in steps.
    files: ['src/main/**/*.ts'],
    rules: {
      'no-restricted-globals': [
        'error',
        { name: 'setTimeout', message: 'Use startTimer or delayFor from src/shared/long-timeout.ts: a long delay would fire at once.' },
      ],
    },
  },
  {
    // Processes share the library: a transaction that writes takes the write lock at its start
    // (writeTransaction), or a write by another process in between fails it at once.
    files: ['src/main/core/store/**/*.ts'],
    // The team hub is PostgreSQL: its transactions are HubDB.transaction, not SQLite's.
    ignores: ['src/main/core/store/write-transaction.ts', 'src/main/core/store/hub/**'],
    rules: { 'no-restricted-syntax': ['error', onlyWriteTransaction] },
  },
  {
    // Every SQL statement lives in the data layer (src/main/core/store/). Outside it neither
    // `.prepare(`, `.exec(` nor `.query(` (the team hub's PostgreSQL) may appear, not even RegExp's exec, so a search for either finds SQL.
    files: ['src/**/*.{ts,tsx}'],
    ignores: ['src/main/core/store/**'],
    rules: { 'no-restricted-syntax': ['error', onlyWriteTransaction, ...sqlOnlyInStore] },
  },
  {
    // The sandboxed preload can load only electron and the dependency-free name list.
    files: ['src/preload/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex: '^(?!electron$|\\.\\./shared/(bridge-names|preload-api)$)',
              message: 'The preload may import only electron and src/shared/bridge-names (types: preload-api).',
            },
          ],
        },
      ],
    },
  },
  {
    // The renderer reaches the main side only through its transport: no Node, no main code.
    files: ['src/renderer/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            { group: ['**/main/**', 'node:*', 'electron'], message: 'The renderer talks to the main side only through transport.ts.' },
          ],
        },
      ],
    },
  },
);
