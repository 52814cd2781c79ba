import { defineProject } from 'vitest/config'

export default defineProject({
  resolve: { conditions: ['@aisle/source'] },
  test: {
    name: 'sdk',
    environment: 'node',
    // The files of a worker share one module registry (decision 057): the modules load once per worker.
    isolate: false,
    include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
  },
})
