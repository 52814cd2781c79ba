import { describe, expect, it } from 'vitest'
import { decodeTextBase64Url } from '../encoding/base64url.js'
import { createTestClient } from '../testing/create-test-client.js'
import { jsonResponse } from '../testing/fake-fetch.js'

const queryPath = '/stores/v1/products/query-platformized'

describe('products.getProduct', () => {
  it('gets GET /stores/v1/products/{id} from the read-only host and maps ids and number fields', async () => {
    const { client, fake } = createTestClient()
    fake.on('GET /stores/v1/products/p%2F1', () =>
      jsonResponse({
        product: {
          id: 'p/1',
          name: 'NaN',
          createdDate: '2025-01-01T00:00:00.000Z',
          weight: 'NaN',
          price: { price: 'Infinity', discountedPrice: 10, currency: 'EUR' },
          discount: { type: 'AMOUNT', value: '-Infinity' },
          productOptions: [{ name: 'Size', choices: [{ value: 'NaN', description: 'NaN' }] }],
          variants: [{ id: 'v1', variant: { weight: 'Infinity', sku: 'Infinity' } }],
        },
      }),
    )
    const { product } = await client.products.getProduct('p/1')
    expect(product).toEqual({
      _id: 'p/1',
      name: 'NaN',
      _createdDate: '2025-01-01T00:00:00.000Z',
      weight: Number.NaN,
      price: { price: Number.POSITIVE_INFINITY, discountedPrice: 10, currency: 'EUR' },
      discount: { type: 'AMOUNT', value: Number.NEGATIVE_INFINITY },
      productOptions: [{ name: 'Size', choices: [{ value: 'NaN', description: 'NaN' }] }],
      variants: [{ _id: 'v1', variant: { weight: Number.POSITIVE_INFINITY, sku: 'Infinity' } }],
    })
    expect(fake.requests.at(-1)?.host).toBe('http://read.test')
    expect(fake.requests.at(-1)?.url.search).toBe('')
  })

  it('asks for merchant data only when told to', async () => {
    const { client, fake } = createTestClient()
    fake.on('GET /stores/v1/products/p1', () => jsonResponse({ product: { id: 'p1' } }))
    await client.products.getProduct('p1', { includeMerchantSpecificData: true })
    expect(fake.requests.at(-1)?.url.searchParams.get('includeMerchantSpecificData')).toBe('true')
  })

  it('refuses an empty id before calling', async () => {
    const { client, fake } = createTestClient()
    await expect(client.products.getProduct('')).rejects.toMatchObject({ code: 'INVALID_ARGUMENT' })
    expect(fake.requests).toHaveLength(0)
  })
})

describe('products.queryProducts', () => {
  it('sends the query as base64url JSON in q on the read-only host and answers a page', async () => {
    const { client, fake } = createTestClient()
    fake.on(`GET ${queryPath}`, () =>
      jsonResponse({
        products: [{ id: 'p1', slug: 'x', weight: 'NaN' }],
        metadata: { count: 1, offset: 0, total: 1 },
      }),
    )
    const result = await client.products
      .queryProducts()
      .eq('slug', 'x')
      .hasSome('collectionIds', ['c1'])
      .ascending('price')
      .limit(12)
      .skip(0)
      .find()

    const request = fake.requests.at(-1)
    expect(request?.host).toBe('http://read.test')
    const q = request?.url.searchParams.get('q') ?? ''
    expect(q).toMatch(/^[A-Za-z0-9_-]+$/)
    expect(JSON.parse(decodeTextBase64Url(q))).toEqual({
      query: {
        filter: { slug: { $eq: 'x' }, collectionIds: { $hasSome: ['c1'] } },
        sort: [{ fieldName: 'price', order: 'ASC' }],
        paging: { limit: 12, offset: 0 },
      },
    })
    expect(result.items).toEqual([{ _id: 'p1', slug: 'x', weight: Number.NaN }])
    expect(result).toMatchObject({
      totalCount: 1,
      pageSize: 12,
      currentPage: 0,
      pagingMetadata: { count: 1, offset: 0, total: 1 },
    })
    expect(result.hasNext()).toBe(false)
  })

  it('sends the fallback POST to baseUrl when the query string would pass 4000 characters', async () => {
    const { client, fake } = createTestClient()
    fake.on(`POST ${queryPath}`, () =>
      jsonResponse({ products: [], metadata: { count: 0, offset: 0, total: 0 } }),
    )
    const ids = Array.from({ length: 200 }, (_, index) => `collection-${index}`)
    await client.products.queryProducts().hasSome('collectionIds', ids).find()

    const request = fake.requests.at(-1)
    expect(request?.host).toBe('http://api.test')
    expect(request?.url.search).toBe('')
    expect(request?.body).toEqual({
      query: { filter: { collectionIds: { $hasSome: ids } }, paging: { limit: 50, offset: 0 } },
    })
    expect(fake.requestsTo(`GET ${queryPath}`)).toHaveLength(0)
  })

  it('sends non-finite numbers in a filter as strings', async () => {
    const { client, fake } = createTestClient()
    fake.on(`GET ${queryPath}`, () =>
      jsonResponse({ products: [], metadata: { count: 0, offset: 0, total: 0 } }),
    )
    await client.products.queryProducts().lt('price', Number.POSITIVE_INFINITY).find()
    const q = fake.requests.at(-1)?.url.searchParams.get('q') ?? ''
    expect(JSON.parse(decodeTextBase64Url(q)).query.filter).toEqual({ price: { $lt: 'Infinity' } })
  })
})
