import { defineProject } from 'vitest/config'

export default defineProject({
  resolve: { conditions: ['@aisle/source'] },
  ssr: { resolve: { conditions: ['@aisle/source'] } },
  test: {
    name: 'storefront',
    environment: 'node',
    // The files of a worker share one module registry (decision 057): the modules load once per worker.
    isolate: false,
    include: ['app/**/*.test.ts', '*.test.ts'],
  },
})
