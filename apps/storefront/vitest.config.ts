import { defineProject } from 'vitest/config'

export default defineProject({
  resolve: { conditions: ['@aisle/source'] },
  ssr: { resolve: { conditions: ['@aisle/source'] } },
  test: { name: 'storefront', environment: 'node', include: ['app/**/*.test.ts', '*.test.ts'] },
})
