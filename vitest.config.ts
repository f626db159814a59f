import { defaultClientConditions, defaultServerConditions } from 'vite';
import { defineConfig } from 'vitest/config';

/** Tests run the shared package's TypeScript source (packages/shared/package.json `exports`), never a stale build. */
const SHARED_SOURCE = '@nhasach/source';
export const sourceConditions = {
  resolve: { conditions: [SHARED_SOURCE, ...defaultClientConditions] },
  // Vitest's own server conditions (Vite's without 'module', whose ES builds of some libraries Node cannot load).
  ssr: { resolve: { conditions: [SHARED_SOURCE, ...defaultServerConditions.filter((c) => c !== 'module')] } },
};

export default defineConfig({
  ...sourceConditions,
  test: {
    include: ['packages/*/src/**/*.test.ts', 'apps/server/src/**/*.test.ts', 'apps/server/test/**/*.test.ts', 'apps/web/src/**/*.test.{ts,tsx}'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    // Two cores: database-heavy files run two at a time.
    maxWorkers: 2,
    env: { LOG_LEVEL: 'silent' },
  },
});
