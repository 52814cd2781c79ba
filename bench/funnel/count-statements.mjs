// The SQL statements each funnel step sends: the platform's app in this process on an in-memory PGlite
// (seeded like the load run), its database wrapped by the test helper that counts statements, and a
// few shoppers run through the funnel with app.request. Run with tsx from apps/platform (funnel
// benchmark does): `node --import tsx ../../bench/funnel/count-statements.mjs <seed> <shoppers>`.
// Prints one JSON line: { step: { min, max, mean } } over the shoppers.
import { createApp } from '../../apps/platform/src/app.ts'
import { openPglite } from '../../apps/platform/src/db/pglite-db.ts'
import { prepareDatabase } from '../../apps/platform/src/prepare-database.ts'
import { createCountingDb } from '../../apps/platform/src/testing/counting-db.ts'
import { DEMO_CLIENT_ID, findCollectionIds, runShopper, STEPS } from './shopper.mjs'

const [seed = '10k', shoppersText = '5'] = process.argv.slice(2)
const PUBLIC_URL = 'http://platform.test'

const inner = await openPglite()
try {
  await prepareDatabase(inner, { seed, demoClientId: DEMO_CLIENT_ID })
  const counting = createCountingDb(inner)
  const app = createApp({ db: counting.db, publicUrl: PUBLIC_URL })
  const fetch = (url, init) => Promise.resolve(app.request(url, init))
  const collectionIds = await findCollectionIds(fetch, PUBLIC_URL)
  /** @type {Record<string, number[]>} */
  const counts = Object.fromEntries(STEPS.map((step) => [step, []]))
  let state = 1
  // A fixed sequence, so two runs count the same shoppers.
  const random = () => {
    state = (state * 48271) % 2147483647
    return state / 2147483647
  }
  for (let index = 0; index < Number(shoppersText); index++) {
    await runShopper({
      fetch,
      baseUrl: PUBLIC_URL,
      collectionIds,
      random,
      around: async (step, fn) => {
        let result
        const statements = await counting.measure(async () => {
          result = await fn()
        })
        counts[step].push(statements.length)
        return result
      },
    })
  }
  const summary = Object.fromEntries(
    Object.entries(counts).map(([step, values]) => [
      step,
      {
        min: Math.min(...values),
        max: Math.max(...values),
        mean: Math.round((values.reduce((a, b) => a + b, 0) / values.length) * 10) / 10,
      },
    ]),
  )
  console.log(JSON.stringify(summary))
} finally {
  await inner.close()
}
