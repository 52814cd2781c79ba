import { defineProject } from 'vitest/config'

export default defineProject({
  resolve: { conditions: ['@aisle/source'] },
  ssr: { resolve: { conditions: ['@aisle/source'] } },
  test: {
    name: 'platform',
    environment: 'node',
    include: ['src/**/*.test.ts'],
    globalSetup: ['src/testing/global-setup.ts'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
})
