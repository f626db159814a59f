import { defineConfig } from 'vitest/config';
import { sourceConditions } from '../vitest.config.ts';

export default defineConfig({
  ...sourceConditions,
  test: {
    root: new URL('..', import.meta.url).pathname,
    include: ['e2e/**/*.e2e.ts'],
    testTimeout: 120_000,
    hookTimeout: 240_000,
    // Each file starts its own store and browser; one at a time fits two cores.
    fileParallelism: false,
    env: { LOG_LEVEL: 'silent' },
  },
});
