import { availableParallelism } from 'node:os'
import { defineConfig } from 'vitest/config'
import { moduleMockingTests } from './apps/platform/vitest.config.ts'

// One runner for every workspace's unit and integration tests; e2e/ is Playwright's.
export default defineConfig({
  resolve: { conditions: ['@aisle/source'] },
  ssr: { resolve: { conditions: ['@aisle/source'] } },
  test: {
    // A worker per core: Vitest's default keeps one core for itself (one worker on a 2-core machine),
    // while the tests wait on PostgreSQL and PGlite as much as they compute (decision 057).
    maxWorkers: availableParallelism(),
    projects: [
      'packages/sdk',
      'apps/platform',
      // The platform's files that mock a module, each with a module registry of its own.
      {
        resolve: { conditions: ['@aisle/source'] },
        ssr: { resolve: { conditions: ['@aisle/source'] } },
        test: {
          name: 'platform-isolated',
          root: 'apps/platform',
          include: moduleMockingTests,
          environment: 'node',
        },
      },
      'apps/storefront',
      // Checks of the repository itself (documentation that must match the code), the release archive
      // and the deployment files.
      {
        resolve: { conditions: ['@aisle/source'] },
        ssr: { resolve: { conditions: ['@aisle/source'] } },
        test: {
          name: 'repository',
          include: ['scripts/*.test.mjs', 'deploy/*.test.mjs'],
          environment: 'node',
          isolate: false,
        },
      },
    ],
  },
})
