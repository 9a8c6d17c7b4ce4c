import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    testTimeout: 60_000,
    // Hooks spawn gtlab processes too; on a loaded machine they need the tests' allowance.
    hookTimeout: 60_000,
    pool: 'forks',
  },
});
