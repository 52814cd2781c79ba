import { gunzipSync } from 'node:zlib'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { setDisplayCurrencies } from '../catalogue/set-display-currencies.ts'
import type { Db } from '../db/db.ts'
import { DEMO_SITE_ID } from '../seed/demo-store.ts'
import { seedScaleCatalogue } from '../seed/scale-catalogue.ts'
import { createApiKey } from '../sites/api-key-store.ts'
import { getSite } from '../sites/site-store.ts'
import { createCountingDb } from '../testing/counting-db.ts'
import { databaseKinds, openTestDatabase } from '../testing/test-database.ts'
import { createTestPlatform, TEST_PUBLIC_URL } from '../testing/test-platform.ts'
import { createAlphaSchema } from './schema.ts'
import { relationFields, selectAll, withoutNulls } from './testing/select-all.ts'

const schema = createAlphaSchema()

/** Every field of a product but the two lists the cost limit refuses on a page of 20 (as the benchmark asks). */
const EVERY_FIELD = selectAll(schema, 'Product', {
  skip: new Set([...relationFields, 'ProductOptionChoice.media', 'MediaImage.resolutions']),
})
const CARD_FIELDS =
  '{ id name slug ribbon priceData { price formatted { price } } media { mainMedia { image { url } } } stock { inStock } }'
const pageOf = (fields: string) =>
  `query Page($query: QueryInput) { products(query: $query) { products ${fields} metadata { count offset total } } }`

const POLL_MS = 200
const isPoll = (sql: string) => sql.includes('xmin::text as row_version from sites')

const QUERY = {
  filter: { price: { $gte: 5, $lte: 150 }, 'stock.inStock': true },
  sort: [{ fieldName: 'price', order: 'ASC' }],
  paging: { limit: 20, offset: 3 },
}

/**
 * REST's value restricted to the keys of `shape` (GraphQL's answer, nulls left out), at every depth;
 * lists keep REST's length. Equal to `shape` exactly when GraphQL answered REST's values for the fields
 * it asked for, and nothing else.
 */
function restrictedTo(rest: unknown, shape: unknown): unknown {
  if (Array.isArray(rest) && Array.isArray(shape))
    return rest.map((item, index) => (index < shape.length ? restrictedTo(item, shape[index]) : item))
  if (typeof rest !== 'object' || rest === null || typeof shape !== 'object' || shape === null) return rest
  return Object.fromEntries(
    Object.keys(shape)
      .filter((key) => key in rest)
      .map((key) => [
        key,
        restrictedTo((rest as Record<string, unknown>)[key], (shape as Record<string, unknown>)[key]),
      ]),
  )
}

describe.each(databaseKinds())('GraphQL catalogue reads from the read cache on %s', (kind) => {
  let db: Db
  let counting: ReturnType<typeof createCountingDb>
  let platform: ReturnType<typeof createTestPlatform>
  let token: string
  let merchant: Record<string, string>
  beforeAll(async () => {
    db = await openTestDatabase(kind)
    await seedScaleCatalogue(db, { siteId: DEMO_SITE_ID, count: 60 })
    await setDisplayCurrencies(db, await getSite(db, DEMO_SITE_ID), [{ currency: 'EUR', rate: 0.92 }])
    counting = createCountingDb(db)
    // As main.ts builds it: public catalogue reads resolve their callers in process (decision 017),
    // the sites they remember checked every POLL_MS (the statement left out of the counts below).
    platform = createTestPlatform(counting.db, { publicReadCallers: { pollMs: POLL_MS } })
    token = (await platform.visitorTokens()).access_token
    const { key } = await createApiKey(
      db,
      { siteId: DEMO_SITE_ID, name: 'catalogue', permissions: ['catalogue'] },
      new Date(),
    )
    merchant = { authorization: key, 'aisle-site-id': DEMO_SITE_ID }
    // Past the first poll, so that the site is remembered.
    await new Promise((resolve) => setTimeout(resolve, POLL_MS + 100))
  })
  afterAll(() => db.close())

  const graphql = (
    query: string,
    variables: Record<string, unknown> = {},
    headers: Record<string, string> = {},
  ) =>
    platform.app.request(`${TEST_PUBLIC_URL}/graphql/alpha`, {
      method: 'POST',
      headers: { authorization: token, 'content-type': 'application/json', ...headers },
      body: JSON.stringify({ query, variables }),
    })
  const restPage = async (query: unknown, headers: Record<string, string> = {}) =>
    (
      await platform.call('POST', '/stores/v1/products/query-platformized', {
        token,
        body: { query },
        headers,
      })
    ).json
  /** The statements `run` sends, the public-read callers' polls left out. */
  const statementsOf = async (run: () => unknown) =>
    (await counting.measure(async () => void (await run()))).filter((sql) => !isPoll(sql))

  it.each([
    ['every field', EVERY_FIELD],
    ['a product card’s fields', CARD_FIELDS],
  ])('answers a page with %s equal to REST’s, the first time and from the cache', async (_name, fields) => {
    const rest = await restPage(QUERY)
    expect(rest.products).toHaveLength(20)
    for (let time = 0; time < 2; time++) {
      const answer = await graphql(pageOf(fields), { query: QUERY })
      const json = await answer.json()
      expect(json.errors).toBeUndefined()
      const data = withoutNulls(json.data.products)
      expect(data).toEqual(restrictedTo(rest, data))
    }
  })

  it('answers a known catalogue document with no statement, as REST answers its cached query', async () => {
    const document = pageOf('{ id name slug }')
    const query = { ...QUERY, paging: { limit: 20, offset: 11 } }
    // A new document: the token checked in the database, and the page (its total rides in its rows).
    const first = await statementsOf(() => graphql(document, { query }))
    expect(first).toHaveLength(2)
    expect(first[0]).toMatch(/from oauth_tokens/)
    expect(await statementsOf(() => graphql(document, { query }))).toEqual([])
    await restPage(query)
    expect(await statementsOf(() => restPage(query))).toEqual([])
    // Another page of the known document: its caller known in process, the page read once, then kept.
    const next = { ...query, paging: { limit: 20, offset: 31 } }
    const other = await statementsOf(() => graphql(document, { query: next }))
    expect(other).toHaveLength(1)
    expect(other[0]).toMatch(/from products p/)
    expect(await statementsOf(() => graphql(document, { query: next }))).toEqual([])
  })

  it('reads a page’s collections in one statement when the selection asks for them, then keeps it', async () => {
    const document = pageOf('{ id collections { id slug } }')
    const query = { ...QUERY, paging: { limit: 20, offset: 0 } }
    // The token check, the page, and the page's collections in one batch with their count.
    expect(await statementsOf(() => graphql(document, { query }))).toHaveLength(4)
    expect(await statementsOf(() => graphql(document, { query }))).toEqual([])
  })

  it('answers the change, never the kept page, once a product changes, over GraphQL as over REST', async () => {
    const document = pageOf(CARD_FIELDS)
    const before = await (await graphql(document, { query: QUERY })).json()
    const first = before.data.products.products[0]
    const changed = await platform.call('PATCH', `/stores/v1/products/${first.id}`, {
      headers: merchant,
      body: { product: { name: `${first.name} (renamed)` } },
    })
    expect(changed.status).toBe(200)
    const after = await (await graphql(document, { query: QUERY })).json()
    expect(after.data.products.products[0].name).toBe(`${first.name} (renamed)`)
    const rest = await restPage(QUERY)
    expect(rest.products[0].name).toBe(`${first.name} (renamed)`)
    expect(withoutNulls(after.data.products)).toEqual(restrictedTo(rest, withoutNulls(after.data.products)))
  })

  it('keeps apart what the key tells apart: variables, operation, display currency and audience', async () => {
    const document = `query Cheap($query: QueryInput) { products(query: $query) { products { id priceData { price } convertedPriceData { currency price } costAndProfitData { itemCost } } } }
      query Total($query: QueryInput) { products(query: $query) { metadata { total } } }`
    const ask = async (operationName: string, query: unknown, headers: Record<string, string> = {}) => {
      const response = await platform.app.request(`${TEST_PUBLIC_URL}/graphql/alpha`, {
        method: 'POST',
        headers: { authorization: token, 'content-type': 'application/json', ...headers },
        body: JSON.stringify({ query: document, variables: { query }, operationName }),
      })
      return (await response.json()).data.products
    }
    const cheap = { paging: { limit: 2 }, sort: [{ fieldName: 'price', order: 'ASC' }] }
    const dear = { paging: { limit: 2 }, sort: [{ fieldName: 'price', order: 'DESC' }] }
    const cheapest = await ask('Cheap', cheap)
    const dearest = await ask('Cheap', dear)
    expect(cheapest.products[0].priceData.price).toBeLessThan(dearest.products[0].priceData.price)
    expect((await ask('Cheap', cheap)).products).toEqual(cheapest.products)
    expect(await ask('Total', cheap)).toEqual({ metadata: { total: (await restPage(cheap)).metadata.total } })
    expect(cheapest.products[0].convertedPriceData).toBeNull()
    const inEuros = await ask('Cheap', cheap, { 'x-wix-currency': 'EUR' })
    expect(inEuros.products[0].convertedPriceData).toEqual({
      currency: 'EUR',
      price: Math.round(cheapest.products[0].priceData.price * 92) / 100,
    })
    expect(cheapest.products[0].costAndProfitData).toBeNull()
    const asMerchant = await ask('Cheap', cheap, merchant)
    expect(asMerchant.products[0].costAndProfitData).not.toBeNull()
    expect((await ask('Cheap', cheap)).products[0].costAndProfitData).toBeNull()
  })

  it('sends a kept answer gzipped to a client that takes gzip, in the type the client accepts', async () => {
    const document = pageOf(CARD_FIELDS)
    const plain = await graphql(document, { query: QUERY })
    const plainBytes = Buffer.from(await plain.arrayBuffer())
    const gzipped = await graphql(document, { query: QUERY }, { 'accept-encoding': 'gzip, deflate' })
    expect(gzipped.headers.get('content-encoding')).toBe('gzip')
    expect(gzipped.headers.get('vary')).toBe('Accept-Encoding')
    expect(gunzipSync(Buffer.from(await gzipped.arrayBuffer())).equals(plainBytes)).toBe(true)
    const typed = await graphql(document, { query: QUERY }, { accept: 'application/graphql-response+json' })
    expect(typed.status).toBe(200)
    expect(typed.headers.get('content-type')).toBe('application/graphql-response+json; charset=utf-8')
    expect(typed.headers.get('cache-control')).toBe('private, no-store')
  })

  it('keeps no answer with errors, and checks the token of any document beyond the catalogue', async () => {
    const missing = 'query ($id: ID!) { product(id: $id) { id } }'
    const id = '00000000-0000-4000-8000-000000000000'
    for (let time = 0; time < 2; time++) {
      const json = await (await graphql(missing, { id })).json()
      expect(json.errors[0].extensions.code).toBe('PRODUCT_NOT_FOUND')
    }
    expect((await statementsOf(() => graphql(missing, { id }))).length).toBeGreaterThan(0)
    // The cart is the caller's own: its token is checked in the database each time, and nothing is kept.
    const mixed = `{ products(query: { paging: { limit: 1 } }) { products { id } } currentCart { id } }`
    await graphql(mixed)
    const statements = await statementsOf(() => graphql(mixed))
    expect(statements.some((sql) => /from oauth_tokens/.test(sql))).toBe(true)
  })
})
