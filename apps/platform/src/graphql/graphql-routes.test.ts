import { getIntrospectionQuery } from 'graphql'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createApp } from '../app.ts'
import type { Db } from '../db/db.ts'
import { DEMO_SITE_ID } from '../seed/demo-store.ts'
import { createApiKey } from '../sites/api-key-store.ts'
import { createGraphQLCaller } from '../testing/graphql-client.ts'
import { databaseKinds, openTestDatabase } from '../testing/test-database.ts'
import { createTestPlatform, TEST_PUBLIC_URL } from '../testing/test-platform.ts'
import { defaultQueryLimits } from './query-limits.ts'
import { createAlphaSchema } from './schema.ts'
import { selectAll, withoutNulls } from './testing/select-all.ts'

const schema = createAlphaSchema()

describe.each(databaseKinds())('POST /graphql/alpha on %s', (kind) => {
  let db: Db
  let platform: ReturnType<typeof createTestPlatform>
  let graphql: ReturnType<typeof createGraphQLCaller>
  let token: string
  let merchant: Record<string, string>
  let ordersOnly: Record<string, string>
  let tee: string
  beforeAll(async () => {
    db = await openTestDatabase(kind)
    platform = createTestPlatform(db)
    graphql = createGraphQLCaller(platform)
    token = (await platform.visitorTokens()).access_token
    const keyHeaders = async (permissions: ('catalogue' | 'orders')[]) => {
      const { key } = await createApiKey(db, { siteId: DEMO_SITE_ID, name: 'test', permissions }, new Date())
      return { authorization: key, 'aisle-site-id': DEMO_SITE_ID }
    }
    merchant = await keyHeaders(['catalogue'])
    ordersOnly = await keyHeaders(['orders'])
    tee = (await db.query<{ id: string }>("select id from products where slug = 'classic-tee'"))[0]!.id
  })
  afterAll(() => db.close())

  const rest = (method: string, path: string, body?: unknown) => platform.call(method, path, { token, body })

  describe('the catalogue', () => {
    it('answers a product with every field as GET /stores/v1/products/{id} does', async () => {
      const answer = await graphql(
        `query ($id: ID!) { product(id: $id) ${selectAll(schema, 'Product')} }`,
        { id: tee },
        { token },
      )
      expect(answer.status).toBe(200)
      expect(answer.json.errors).toBeUndefined()
      const same = await rest('GET', `/stores/v1/products/${tee}`)
      expect(withoutNulls(answer.json.data.product)).toEqual(withoutNulls(same.json.product))
      expect(answer.json.data.product).toMatchObject({ id: tee, createdDate: same.json.product.createdDate })
    })

    it('answers a product by slug, and a variant and a collection with every field as REST does', async () => {
      const bySlug = await graphql(
        '{ productBySlug(slug: "classic-tee") { id variants { id } collectionIds } }',
        {},
        { token },
      )
      expect(bySlug.json.data.productBySlug.id).toBe(tee)
      const variantId = bySlug.json.data.productBySlug.variants[0].id
      const collectionId = bySlug.json.data.productBySlug.collectionIds[0]
      const answer = await graphql(
        `query ($v: ID!, $c: ID!) { variant(id: $v) ${selectAll(schema, 'Variant')} collection(id: $c) ${selectAll(schema, 'Collection')} }`,
        { v: variantId, c: collectionId },
        { token },
      )
      expect(answer.json.errors).toBeUndefined()
      const variant = await rest('GET', `/stores/v1/variants/${variantId}`)
      const collection = await rest('GET', `/stores/v2/collections/${collectionId}`)
      expect(withoutNulls(answer.json.data.variant)).toEqual(withoutNulls(variant.json.variant))
      expect(withoutNulls(answer.json.data.collection)).toEqual(withoutNulls(collection.json.collection))
      const bySlugToo = await graphql(
        'query ($slug: String!) { collectionBySlug(slug: $slug) { id } }',
        { slug: collection.json.collection.slug },
        { token },
      )
      expect(bySlugToo.json.data.collectionBySlug.id).toBe(collectionId)
    })

    it('queries products with the filter, sort, paging and search of the REST query, with the same answer', async () => {
      const query = {
        filter: { price: { $gt: 10 }, $not: { name: { $startsWith: 'Z' } } },
        sort: [{ fieldName: 'price', order: 'DESC' }],
        paging: { limit: 7, offset: 2 },
      }
      const answer = await graphql(
        'query ($query: QueryInput) { products(query: $query) { products { id name } metadata { count offset total } } }',
        { query },
        { token },
      )
      const same = await rest('POST', '/stores/v1/products/query-platformized', { query })
      expect(answer.json.data.products.metadata).toEqual(same.json.metadata)
      expect(answer.json.data.products.products).toEqual(
        same.json.products.map((p: { id: string; name: string }) => ({ id: p.id, name: p.name })),
      )
      expect(answer.json.data.products.products).toHaveLength(7)
      const searched = await graphql(
        '{ products(query: { search: { expression: "boot" } }) { products { name } } }',
        {},
        { token },
      )
      expect(searched.json.data.products.products.map((p: { name: string }) => p.name)).toContain(
        'Classic Hiking Boot',
      )
    })

    it('queries variants and collections like their REST queries, each with its product and collections', async () => {
      const answer = await graphql(
        `{ variants(query: { paging: { limit: 3 } }) { variants { id productId product { id } collections { id } } metadata { total } }
           collections(query: { sort: [{ fieldName: "name" }] }) { collections { name } metadata { total } } }`,
        {},
        { token },
      )
      expect(answer.json.errors).toBeUndefined()
      const variants = answer.json.data.variants.variants
      expect(variants).toHaveLength(3)
      for (const variant of variants) expect(variant.product.id).toBe(variant.productId)
      expect(variants[0].collections.length).toBeGreaterThan(0)
      const same = await rest('POST', '/stores/v2/collections/query', {
        query: { sort: [{ fieldName: 'name' }] },
      })
      expect(answer.json.data.collections.collections.map((c: { name: string }) => c.name)).toEqual(
        same.json.collections.map((c: { name: string }) => c.name),
      )
      expect(answer.json.data.collections.metadata.total).toBe(same.json.metadata.total)
    })

    it('resolves a product’s collections', async () => {
      const answer = await graphql(
        `{ product(id: "${tee}") { collectionIds collections { id name } } }`,
        {},
        { token },
      )
      const { collectionIds, collections } = answer.json.data.product
      expect(collections.map((c: { id: string }) => c.id)).toEqual(collectionIds)
      expect(collections[0].name).toEqual(expect.any(String))
    })

    it('refuses a bad query with the field violations of the REST query', async () => {
      const query = { filter: { secret: 1 }, paging: { limit: 101 } }
      const answer = await graphql(
        'query ($q: QueryInput) { products(query: $q) { products { id } } }',
        { q: query },
        { token },
      )
      const same = await rest('POST', '/stores/v1/products/query-platformized', { query })
      expect(answer.status).toBe(200)
      expect(answer.json.data).toEqual({ products: null })
      const [error] = answer.json.errors
      expect(error).toMatchObject({
        path: ['products'],
        extensions: { code: 'INVALID_ARGUMENT', status: 400 },
      })
      expect(error.extensions.details).toEqual(same.json.details)
      expect(error.message).toBe(same.json.message)
    })

    it('answers a product it cannot find with PRODUCT_NOT_FOUND and a bad id with INVALID_ARGUMENT', async () => {
      const missing = await graphql(
        '{ product(id: "00000000-0000-4000-8000-000000000000") { id } }',
        {},
        { token },
      )
      expect(missing.json.data.product).toBeNull()
      expect(missing.json.errors[0].extensions).toMatchObject({ code: 'PRODUCT_NOT_FOUND', status: 404 })
      const bad = await graphql('{ product(id: "nope") { id } variant(id: "0") { id } }', {}, { token })
      expect(bad.json.errors.map((e: { extensions: { code: string } }) => e.extensions.code)).toEqual([
        'INVALID_ARGUMENT',
        'INVALID_ARGUMENT',
      ])
      expect(bad.json.errors[0].extensions.details.validationError.fieldViolations[0]).toMatchObject({
        field: 'id',
        violatedRule: 'FORMAT',
      })
    })
  })

  describe('who may read what', () => {
    it('refuses a request without a token, or with a bad one, with the 401 REST gives', async () => {
      const none = await graphql('{ products { metadata { total } } }')
      const same = await platform.call('GET', `/stores/v1/products/${tee}`)
      expect(none.status).toBe(401)
      expect(none.json).toEqual(same.json)
      expect(none.json.details.applicationError.code).toBe('UNAUTHENTICATED')
      const bad = await graphql('{ products { metadata { total } } }', {}, { token: 'not-a-token' })
      expect(bad.status).toBe(401)
    })

    it('shows cost and profit to a merchant key with the catalogue permission only', async () => {
      const query = `{ product(id: "${tee}") { costAndProfitData { itemCost profit } variants { variant { costAndProfitData { itemCost } } } } }`
      const visitor = await graphql(query, {}, { token })
      expect(visitor.json.data.product.costAndProfitData).toBeNull()
      expect(visitor.json.data.product.variants[0].variant.costAndProfitData).toBeNull()
      const withoutPermission = await graphql(query, {}, { headers: ordersOnly })
      expect(withoutPermission.json.data.product.costAndProfitData).toBeNull()
      const owner = await graphql(query, {}, { headers: merchant })
      expect(owner.json.data.product.costAndProfitData).toEqual({
        itemCost: expect.any(Number),
        profit: expect.any(Number),
      })
      expect(owner.json.data.product.variants[0].variant.costAndProfitData.itemCost).toEqual(
        expect.any(Number),
      )
    })

    it('hides a hidden product from shoppers and shows it to the merchant', async () => {
      const [hidden] = await db.query<{ id: string }>(
        "update products set visible = false where slug = (select slug from products where slug <> 'classic-tee' order by slug limit 1) returning id",
      )
      const query = `{ product(id: "${hidden!.id}") { id visible } }`
      const visitor = await graphql(query, {}, { token })
      expect(visitor.json.errors[0].extensions.code).toBe('PRODUCT_NOT_FOUND')
      const owner = await graphql(query, {}, { headers: merchant })
      expect(owner.json.data.product).toEqual({ id: hidden!.id, visible: false })
    })

    it('refuses the current cart to a merchant as REST does', async () => {
      const answer = await graphql('{ currentCart { id } }', {}, { headers: merchant })
      const same = await platform.call('GET', '/ecom/v1/carts/current', { headers: merchant })
      expect(answer.json.data.currentCart).toBeNull()
      expect(answer.json.errors[0]).toMatchObject({
        message: same.json.message,
        extensions: { code: 'FORBIDDEN', status: 403 },
      })
    })

    it('checks a merchant’s cart mutation as REST does: its arguments first, then the 403', async () => {
      const add = (lineItems: unknown) =>
        graphql(
          'mutation ($lineItems: [LineItemInput!]) { addToCurrentCart(lineItems: $lineItems) { id } }',
          { lineItems },
          { headers: merchant },
        )
      const path = '/ecom/v1/carts/current/add-to-cart'
      const invalid = [{ catalogReference: { catalogItemId: 'nope' } }]
      const badAnswer = await add(invalid)
      const badSame = await platform.call('POST', path, { headers: merchant, body: { lineItems: invalid } })
      expect(badSame.status).toBe(400)
      expect(badAnswer.json.errors[0]).toMatchObject({
        message: badSame.json.message,
        extensions: { code: 'INVALID_ARGUMENT', status: 400, details: badSame.json.details },
      })
      const valid = [{ catalogReference: { catalogItemId: '00000000-0000-4000-8000-000000000000' } }]
      const answer = await add(valid)
      const same = await platform.call('POST', path, { headers: merchant, body: { lineItems: valid } })
      expect(answer.json.data.addToCurrentCart).toBeNull()
      expect(answer.json.errors[0]).toMatchObject({
        message: same.json.message,
        extensions: { code: 'FORBIDDEN', status: 403 },
      })
    })
  })

  describe('malformed requests', () => {
    const post = (body: unknown, headers: Record<string, string> = {}) =>
      platform.call('POST', '/graphql/alpha', { token, body, headers })

    it('answers a body that is not JSON with the platform’s 400 on $body', async () => {
      const answer = await post('{"query": ')
      expect(answer.status).toBe(400)
      expect(answer.json.details.validationError.fieldViolations[0]).toMatchObject({
        field: '$body',
        violatedRule: 'FORMAT',
      })
    })

    it('answers a missing or ill-typed query, variables or operation name with a 400 naming the field', async () => {
      const cases: [unknown, string][] = [
        [{}, 'query'],
        [{ query: 42 }, 'query'],
        [{ query: '' }, 'query'],
        [{ query: '{ currentCart { id } }', variables: [1] }, 'variables'],
        [{ query: '{ currentCart { id } }', operationName: 7 }, 'operationName'],
        [[{ query: '{ currentCart { id } }' }], '$body'],
      ]
      for (const [body, field] of cases) {
        const answer = await post(body)
        expect(answer.status, JSON.stringify(body)).toBe(400)
        expect(answer.json.details.validationError.fieldViolations[0].field).toBe(field)
      }
    })

    it('refuses a document longer than the limit with a 400 on query', async () => {
      const answer = await post({ query: `{ currentCart { id } }${' '.repeat(10_000)}` })
      expect(answer.status).toBe(400)
      expect(answer.json.details.validationError.fieldViolations[0]).toMatchObject({
        field: 'query',
        violatedRule: 'MAX_LENGTH',
      })
    })

    it('answers an unknown schema version with a 400 naming the served ones', async () => {
      const answer = await graphql('{ currentCart { id } }', {}, { token, version: 'v9' })
      expect(answer.status).toBe(400)
      expect(answer.json.details.validationError.fieldViolations[0]).toMatchObject({
        field: 'version',
        violatedRule: 'INVALID_ENUM_VALUE',
        description: 'must be a served schema version: alpha',
      })
    })

    it('answers documents that cannot run with errors only, each with its code', async () => {
      const cases: [string, Record<string, unknown> | undefined, string | undefined, string][] = [
        ['{ products { ', undefined, undefined, 'GRAPHQL_PARSE_FAILED'],
        ['{ secrets }', undefined, undefined, 'GRAPHQL_VALIDATION_FAILED'],
        [
          '{ products(query: { filter: [1] }) { metadata { total } } }',
          undefined,
          undefined,
          'GRAPHQL_VALIDATION_FAILED',
        ],
        ['query ($id: ID!) { product(id: $id) { id } }', { id: ['x'] }, undefined, 'BAD_USER_INPUT'],
        [
          'query ($q: QueryInput) { products(query: $q) { metadata { total } } }',
          { q: { filter: 'x' } },
          undefined,
          'BAD_USER_INPUT',
        ],
        ['query A { currentCart { id } }', undefined, 'B', 'BAD_USER_INPUT'],
        [
          'query A { currentCart { id } } query B { currentCart { id } }',
          undefined,
          undefined,
          'BAD_USER_INPUT',
        ],
      ]
      for (const [query, variables, operationName, code] of cases) {
        const answer = await post({ query, variables, operationName })
        expect(answer.status, query).toBe(200)
        expect(answer.json.data, query).toBeUndefined()
        expect(answer.json.errors[0].extensions.code, query).toBe(code)
        expect(answer.json.errors[0].message).toEqual(expect.any(String))
      }
      const subscription = await post({ query: 'subscription { currentCart { id } }' })
      expect(subscription.json).toEqual({
        data: null,
        errors: [
          {
            message: 'Schema is not configured to execute subscription operation.',
            locations: expect.any(Array),
            extensions: { code: 'BAD_USER_INPUT' },
          },
        ],
      })
    })

    it('speaks application/graphql-response+json to a client that accepts it: 400 when nothing ran', async () => {
      const accept = { accept: 'application/graphql-response+json, application/json;q=0.9' }
      const broken = await post({ query: '{ products { ' }, accept)
      expect(broken.status).toBe(400)
      expect(broken.headers.get('content-type')).toContain('application/graphql-response+json')
      expect(broken.json.errors[0].extensions.code).toBe('GRAPHQL_PARSE_FAILED')
      const fine = await post({ query: '{ products { metadata { total } } }' }, accept)
      expect(fine.status).toBe(200)
      expect(fine.json.data.products.metadata.total).toBeGreaterThan(0)
      const plain = await post({ query: '{ products { metadata { total } } }' })
      expect(plain.headers.get('content-type')).toContain('application/json')
      expect(plain.headers.get('cache-control')).toBe('private, no-store')
    })

    it('never answers a hostile request with a 500', async () => {
      const bodies: unknown[] = [
        null,
        'query',
        { query: null },
        { query: '{ product(id: "\\u0000") { id } }' },
        { query: '{ productBySlug(slug: "a\\u0000b") { id } collectionBySlug(slug: "\\u0000") { id } }' },
        { query: '{ products(query: { search: { expression: "\\u0000" } }) { metadata { total } } }' },
        {
          query:
            'mutation { updateCurrentCart(couponCode: "\\u0000", cartInfo: { buyerNote: "\\u0000" }) { id } }',
        },
        { query: `{ ${'product(id: "x") { id } '.repeat(300)}}` },
        { query: '{ __typename }', variables: { a: '\u0000' } },
        {
          query: 'query ($q: QueryInput) { products(query: $q) { metadata { total } } }',
          variables: { q: { filter: { $where: 'x' } } },
        },
        {
          query: 'query ($q: QueryInput) { products(query: $q) { metadata { total } } }',
          variables: { q: { filter: { __proto__: { a: 1 } } } },
        },
        {
          query: 'query ($q: QueryInput) { products(query: $q) { metadata { total } } }',
          variables: { q: { search: { expression: '\'"):*!&|<-> \\' } } },
        },
        { query: 'fragment A on Product { ...A } { products { products { ...A } } }' },
        { query: '{ collectionBySlug(slug: "") { id } }' },
        { query: `{ productBySlug(slug: "${'s'.repeat(500)}") { id } }` },
        { query: 'mutation { removeLineItemsFromCurrentCart(lineItemIds: ["nope"]) { id } }' },
        { query: '{ estimateCurrentCartTotals(shippingAddress: { country: "nowhere" }) { currency } }' },
      ]
      for (const body of bodies) {
        const answer = await post(body)
        expect(answer.status, JSON.stringify(body)).toBeLessThan(500)
        expect(JSON.stringify(answer.json), JSON.stringify(body)).not.toContain('INTERNAL')
      }
    })

    it('serves POST only', async () => {
      const answer = await platform.call('GET', '/graphql/alpha?query=%7B__typename%7D', { token })
      expect(answer.status).toBe(404)
      expect(answer.json.details.applicationError.code).toBe('ROUTE_NOT_FOUND')
    })
  })

  describe('query limits', () => {
    it('answers GraphiQL’s introspection query', async () => {
      const answer = await graphql(getIntrospectionQuery({ descriptions: true }), {}, { token })
      expect(answer.json.errors).toBeUndefined()
      const names = answer.json.data.__schema.types.map((type: { name: string }) => type.name)
      expect(names).toEqual(expect.arrayContaining(['Product', 'Cart', 'Collection', 'Mutation']))
    })

    it('refuses introspection where it is off (production), and still answers __typename', async () => {
      const app = createApp({
        db,
        publicUrl: TEST_PUBLIC_URL,
        clock: platform.clock,
        graphqlIntrospection: false,
      })
      const post = async (query: string) => {
        const response = await app.request(`${TEST_PUBLIC_URL}/graphql/alpha`, {
          method: 'POST',
          headers: { authorization: token, 'content-type': 'application/json' },
          body: JSON.stringify({ query }),
        })
        return { status: response.status, json: (await response.json()) as Record<string, any> }
      }
      for (const query of [getIntrospectionQuery(), '{ __type(name: "Product") { name } }']) {
        const refused = await post(query)
        expect(refused.status).toBe(200)
        expect(refused.json.data).toBeUndefined()
        expect(refused.json.errors[0].extensions.code).toBe('GRAPHQL_VALIDATION_FAILED')
        expect(refused.json.errors[0].message).toMatch(/introspection/i)
      }
      const typename = await post('{ __typename }')
      expect(typename.json).toEqual({ data: { __typename: 'Query' } })
    })

    it('suggests no field, type or value names where introspection is off (production), as it does where on', async () => {
      const postTo =
        (introspection: boolean) => async (query: string, variables?: Record<string, unknown>) => {
          const app = createApp({
            db,
            publicUrl: TEST_PUBLIC_URL,
            clock: platform.clock,
            graphqlIntrospection: introspection,
          })
          const response = await app.request(`${TEST_PUBLIC_URL}/graphql/alpha`, {
            method: 'POST',
            headers: { authorization: token, 'content-type': 'application/json' },
            body: JSON.stringify({ query, variables }),
          })
          return ((await response.json()) as { errors: { message: string; extensions: { code: string } }[] })
            .errors
        }
      const misspeltField = '{ productBySlug(slug: "classic-tee") { nam } }'
      const misspeltValue = [
        'query ($query: QueryInput) { products(query: $query) { products { id } } }',
        { query: { sort: [{ fieldName: 'name', order: 'ASCX' }] } },
      ] as const
      const open = postTo(true)
      expect((await open(misspeltField))[0]!.message).toMatch(/Did you mean "name"\?/)
      expect((await open(...misspeltValue))[0]!.message).toMatch(/Did you mean the enum value "ASC"\?/)
      const closed = postTo(false)
      const field = (await closed(misspeltField))[0]!
      expect(field.extensions.code).toBe('GRAPHQL_VALIDATION_FAILED')
      expect(field.message).toBe('Cannot query field "nam" on type "Product".')
      const value = (await closed(...misspeltValue))[0]!
      expect(value.extensions.code).toBe('BAD_USER_INPUT')
      expect(value.message).toMatch(/"ASCX"/)
      expect(value.message).not.toMatch(/Did you mean|"ASC"/)
    })

    it('refuses introspection nested to multiply the schema, and past the introspection depth', async () => {
      const nested = await graphql(
        '{ __schema { types { fields { type { fields { type { fields { name } } } } } } } }',
        {},
        { token },
      )
      expect(nested.json.data).toBeUndefined()
      expect(nested.json.errors[0].extensions.code).toBe('QUERY_TOO_COSTLY')
      const deep = await graphql(
        `{ __type(name: "Product") { ${'ofType { '.repeat(15)}name${' }'.repeat(15)} } }`,
        {},
        { token },
      )
      expect(deep.json.errors[0].extensions).toEqual({
        code: 'QUERY_TOO_DEEP',
        limit: defaultQueryLimits.maxIntrospectionDepth,
        actual: 17,
      })
    })

    it('refuses pages whose estimated cost passes the limit, with the figures', async () => {
      const page =
        'products(query: { paging: { limit: 100 } }) { products { id name variants { id choices stock { inStock quantity } variant { sku priceData { price } } } collections { id name slug } } }'
      const answer = await graphql(
        `{ a: ${page} b: ${page} c: ${page} d: ${page} e: ${page} }`,
        {},
        { token },
      )
      expect(answer.json.data).toBeUndefined()
      expect(answer.json.errors[0].extensions).toMatchObject({
        code: 'QUERY_TOO_COSTLY',
        limit: defaultQueryLimits.maxCost,
      })
      expect(answer.json.errors[0].extensions.actual).toBeGreaterThan(defaultQueryLimits.maxCost)
    })

    it('refuses too many aliases and too many fields', async () => {
      const aliases = Array.from({ length: 31 }, (_, i) => `p${i}: products { metadata { total } }`).join(' ')
      expect((await graphql(`{ ${aliases} }`, {}, { token })).json.errors[0].extensions.code).toBe(
        'TOO_MANY_ALIASES',
      )
      const fields = Array.from({ length: 501 }, () => 'id').join(' ')
      expect(
        (await graphql(`{ product(id: "${tee}") { ${fields} } }`, {}, { token })).json.errors[0].extensions
          .code,
      ).toBe('TOO_MANY_FIELDS')
    })
  })

  describe('GET /openapi.json', () => {
    it('documents POST /graphql/{version} with its served versions, body and answer', async () => {
      const answer = await platform.call('GET', '/openapi.json')
      const operation = answer.json.paths['/graphql/{version}'].post
      expect(operation.parameters[0]).toMatchObject({
        name: 'version',
        in: 'path',
        schema: { enum: ['alpha'] },
      })
      const body = operation.requestBody.content['application/json'].schema
      expect(body.required).toEqual(['query'])
      expect(body.properties.query.maxLength).toBe(10_000)
      expect(operation.responses['200'].content['application/json'].schema.properties.errors.type).toBe(
        'array',
      )
      expect(operation.security).toEqual([{ accessToken: [] }, { apiKey: [] }])
    })

    it('names every mutation after the REST current-cart call it makes', () => {
      const operationIds = new Set(platform.app.routeDefinitions.map((route) => route.operationId))
      const mutations = Object.keys(schema.getMutationType()?.getFields() ?? {})
      expect(mutations.filter((name) => !operationIds.has(name))).toEqual([])
    })
  })
})
