import { defineProject } from 'vitest/config'

export default defineProject({
  resolve: { conditions: ['@aisle/source'] },
  test: { name: 'sdk', environment: 'node', include: ['src/**/*.test.ts', 'test/**/*.test.ts'] },
})
