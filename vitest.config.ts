import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['{server,shared,worker,client,scripts,migrations,test,bench}/**/*.test.{ts,tsx}'],
    exclude: ['**/node_modules/**', 'test/e2e/**', 'bench/results/**'],
    globalSetup: ['test/support/postgres-global.ts'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    pool: 'forks',
  },
});
