import { createConfig, lintFromString } from '@redocly/openapi-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createApp } from '../app.ts'
import type { Db } from '../db/db.ts'
import { openTestDatabase } from '../testing/test-database.ts'
import { TEST_PUBLIC_URL } from '../testing/test-platform.ts'

// Issue 20: the OpenAPI document is checked by a linter, not only by the tests of a few operations.
describe('the OpenAPI document', () => {
  let db: Db
  beforeAll(async () => {
    db = await openTestDatabase('pglite', 'empty')
  })
  afterAll(() => db.close())

  it("passes Redocly's recommended rules without an error or a warning, with every optional route served", async () => {
    const app = createApp({
      db,
      publicUrl: TEST_PUBLIC_URL,
      devMailInbox: true,
      metricsToken: 'a-metrics-token-of-24-characters',
    })
    const config = await createConfig({
      extends: ['recommended'],
      rules: {
        // `/dashboard/webhooks/deliveries/{id}` and `/dashboard/webhooks/{id}/delete` have the same shape,
        // but an id is a UUID and never the word `deliveries`: the router cannot confuse them.
        'no-ambiguous-paths': 'off',
      },
    })
    const problems = await lintFromString({
      source: JSON.stringify(app.openApi),
      absoluteRef: `${TEST_PUBLIC_URL}/openapi.json`,
      config,
    })
    const found = problems.map(
      (problem) =>
        `${problem.severity} ${problem.ruleId}: ${problem.message} at ${problem.location[0]?.pointer}`,
    )
    expect(found).toEqual([])
  }, 60_000)
})
