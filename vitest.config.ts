import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    // Fixture repositories are scanned, not run: their own *.test.ts files are part of what they show.
    exclude: ['test/fixtures/**', '**/node_modules/**'],
    globalSetup: ['test/global-setup.ts', 'test/helpers/pg-global.ts'],
    testTimeout: 60_000,
    hookTimeout: 60_000,
    pool: 'forks',
  },
});
