import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    exclude: ['test/e2e/**', 'node_modules/**'],
    environment: 'node',
    testTimeout: 20_000,
    hookTimeout: 20_000,
    // Native modules (better-sqlite3, keytar) are safer in forked processes than in threads.
    pool: 'forks',
  },
});
