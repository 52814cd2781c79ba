import { defineProject } from 'vitest/config'

/**
 * Test files that replace a module for their own run (`vi.mock`): they need a module registry of their
 * own, so they run in the `platform-isolated` project (the root config); every other file shares its
 * worker's modules (decision 057).
 */
export const moduleMockingTests = ['src/constant-time-comparisons.test.ts']

export default defineProject({
  resolve: { conditions: ['@aisle/source'] },
  ssr: { resolve: { conditions: ['@aisle/source'] } },
  test: {
    name: 'platform',
    environment: 'node',
    include: ['src/**/*.test.ts'],
    exclude: ['**/node_modules/**', ...moduleMockingTests],
    globalSetup: ['src/testing/global-setup.ts'],
    // The platform keeps no state in its modules (every cache belongs to an app made by `createApp`), so
    // the files of a worker share one module registry: the app's modules are loaded once per worker, not
    // once per file, which was half of the suite's CPU (decision 057).
    isolate: false,
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
})
