// `npm run test:slurm`: the integration suite against a real one-node Slurm (scripts/slurm-local.sh;
// needs root, or fails saying so). Not part of `npm test`, whose files are test/**/*.test.ts.
import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['test/slurm/**/*.slurm.ts'],
    testTimeout: 300_000,
    hookTimeout: 180_000,
    pool: 'forks',
    fileParallelism: false,
  },
});
