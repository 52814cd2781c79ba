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
    const product = await client.products.getProduct('p/1')
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

  it('keeps the earlier { product } shape readable on the product', async () => {
    const { client, fake } = createTestClient()
    fake.on('GET /stores/v1/products/p1', () => jsonResponse({ product: { id: 'p1' } }))
    const resolved = await client.products.getProduct('p1')
    expect(resolved.product).toBe(resolved)
    expect(JSON.stringify(resolved)).toBe('{"_id":"p1"}')
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

describe('products.queryProducts(query)', () => {
  it('sends the query object as it is, with wire field names, and resolves with the whole answer', async () => {
    const { client, fake } = createTestClient()
    fake.on(`GET ${queryPath}`, () =>
      jsonResponse({
        products: [{ id: 'p1', price: { price: 'NaN' } }],
        metadata: { count: 1, offset: 0, total: 1 },
      }),
    )
    const answer = await client.products.queryProducts({
      search: { expression: 'linen' },
      filter: {
        _id: { $in: ['p1'] },
        $or: [{ 'variants._id': { $eq: 'v1' } }, { price: { $lt: Number.POSITIVE_INFINITY } }],
      },
      sort: [{ fieldName: '_createdDate', order: 'DESC' }],
    })
    expect(answer).toEqual({
      products: [{ _id: 'p1', price: { price: Number.NaN } }],
      metadata: { count: 1, offset: 0, total: 1 },
    })
    const request = fake.requests.at(-1)
    expect(request?.host).toBe('http://read.test')
    expect(JSON.parse(decodeTextBase64Url(request?.url.searchParams.get('q') ?? ''))).toEqual({
      query: {
        search: { expression: 'linen' },
        filter: {
          id: { $in: ['p1'] },
          $or: [{ 'variants.id': { $eq: 'v1' } }, { price: { $lt: 'Infinity' } }],
        },
        sort: [{ fieldName: 'createdDate', order: 'DESC' }],
      },
    })
  })

  it('sends a long query object as the fallback POST and reads the answer alike', async () => {
    const { client, fake } = createTestClient()
    fake.on(`POST ${queryPath}`, () =>
      jsonResponse({ products: [{ id: 'p1' }], metadata: { count: 1, offset: 0, total: 1 } }),
    )
    const slugs = Array.from({ length: 200 }, (_, index) => `slug-number-${index}`)
    const answer = await client.products.queryProducts({
      filter: { slug: { $in: slugs } },
      paging: { limit: 100 },
    })
    expect(answer.products).toEqual([{ _id: 'p1' }])
    expect(fake.requests.at(-1)).toMatchObject({
      host: 'http://api.test',
      body: { query: { filter: { slug: { $in: slugs } }, paging: { limit: 100 } } },
    })
  })
})

describe('products read calls', () => {
  it('POST /stores/v1/products/{id}/productOptionsAvailability sends the chosen options', async () => {
    const { client, fake } = createTestClient()
    fake.on('POST /stores/v1/products/p1/productOptionsAvailability', () =>
      jsonResponse({ selectedVariant: { weight: 'NaN', sku: 'NaN' }, availableForPurchase: true }),
    )
    const answer = await client.products.getProductOptionsAvailability('p1', { Size: 'M' })
    expect(answer).toEqual({
      selectedVariant: { weight: Number.NaN, sku: 'NaN' },
      availableForPurchase: true,
    })
    expect(fake.requests.at(-1)?.body).toEqual({ options: { Size: 'M' } })
  })

  it('POST /stores/v1/products/{id}/variants/query sends choices, ids and paging', async () => {
    const { client, fake } = createTestClient()
    fake.on('POST /stores/v1/products/p1/variants/query', () =>
      jsonResponse({
        variants: [{ id: 'v1', variant: { priceData: { price: 10 } } }],
        metadata: { count: 1 },
      }),
    )
    const options = {
      choices: { Size: 'M' },
      variantIds: ['v1'],
      paging: { limit: 10 },
      includeMerchantSpecificData: true,
    }
    expect(await client.products.queryProductVariants('p1', options)).toEqual({
      variants: [{ _id: 'v1', variant: { priceData: { price: 10 } } }],
      metadata: { count: 1 },
    })
    expect(fake.requests.at(-1)?.body).toEqual(options)
  })

  it('GET /stores/v1/collections/slug/{slug} resolves with the v1 collection from the read-only host', async () => {
    const { client, fake } = createTestClient()
    fake.on('GET /stores/v1/collections/slug/summer%20sale', () =>
      jsonResponse({ collection: { id: 'c1', slug: 'summer sale', numberOfProducts: 'NaN' } }),
    )
    expect(await client.products.getCollectionBySlug('summer sale')).toEqual({
      _id: 'c1',
      slug: 'summer sale',
      numberOfProducts: Number.NaN,
    })
    expect(fake.requests.at(-1)?.host).toBe('http://read.test')
  })
})

describe('products merchant calls', () => {
  const product = { id: 'p1', name: 'Tee', createdDate: '2025-01-01T00:00:00.000Z', weight: 'Infinity' }
  const collection = { id: 'c1', name: 'Summer' }
  const calls: [
    string,
    (client: ReturnType<typeof createTestClient>['client']) => Promise<unknown>,
    unknown,
    unknown,
  ][] = [
    [
      'POST /stores/v1/products',
      (c) => c.products.createProduct({ name: 'Tee' }),
      { product: { name: 'Tee' } },
      'product',
    ],
    [
      'PATCH /stores/v1/products/p1',
      (c) => c.products.updateProduct('p1', { name: 'Tee' }),
      { product: { id: 'p1', name: 'Tee' } },
      'product',
    ],
    ['DELETE /stores/v1/products/p1', (c) => c.products.deleteProduct('p1'), undefined, undefined],
    [
      'PATCH /stores/v1/products/p1/variants',
      (c) => c.products.updateProductVariants('p1', [{ choices: { Size: 'M' }, price: 5 }]),
      { variants: [{ choices: { Size: 'M' }, price: 5 }] },
      'answer',
    ],
    [
      'POST /stores/v1/products/p1/variants/resetToDefault',
      (c) => c.products.resetAllProductVariantData('p1'),
      {},
      undefined,
    ],
    [
      'POST /stores/v1/collections/c1/productIds',
      (c) => c.products.addProductsToCollection('c1', ['p1']),
      { productIds: ['p1'] },
      undefined,
    ],
    [
      'POST /stores/v1/collections/c1/productIds/delete',
      (c) => c.products.removeProductsFromCollection('c1', ['p1']),
      { productIds: ['p1'] },
      undefined,
    ],
    [
      'POST /stores/v1/products/p1/media',
      (c) => c.products.addProductMedia('p1', [{ url: 'https://x/y.jpg' }]),
      { media: [{ url: 'https://x/y.jpg' }] },
      undefined,
    ],
    [
      'POST /stores/v1/products/p1/media/delete',
      (c) => c.products.removeProductMedia('p1', ['m1']),
      { mediaIds: ['m1'] },
      undefined,
    ],
    [
      'PATCH /stores/v1/products/p1/choices/media',
      (c) =>
        c.products.addProductMediaToChoices('p1', [{ option: 'Colour', choice: 'Red', mediaIds: ['m1'] }]),
      { media: [{ option: 'Colour', choice: 'Red', mediaIds: ['m1'] }] },
      undefined,
    ],
    [
      'POST /stores/v1/products/p1/choices/media/delete',
      (c) =>
        c.products.removeProductMediaFromChoices('p1', [
          { option: 'Colour', choice: 'Red', mediaIds: ['m1'] },
        ]),
      { media: [{ option: 'Colour', choice: 'Red', mediaIds: ['m1'] }] },
      undefined,
    ],
    [
      'DELETE /stores/v1/products/p1/options',
      (c) => c.products.deleteProductOptions('p1'),
      undefined,
      undefined,
    ],
    ['POST /stores/v1/products/p1/remove-brand', (c) => c.products.removeBrand('p1'), {}, undefined],
    ['POST /stores/v1/products/p1/remove-ribbon', (c) => c.products.removeRibbon('p1'), {}, undefined],
    [
      'POST /stores/v1/collections',
      (c) => c.products.createCollection({ name: 'Summer' }),
      { collection: { name: 'Summer' } },
      'collection',
    ],
    [
      'PATCH /stores/v1/collections/c1',
      (c) => c.products.updateCollection('c1', { name: 'Summer' }),
      { collection: { id: 'c1', name: 'Summer' } },
      'collection',
    ],
    ['DELETE /stores/v1/collections/c1', (c) => c.products.deleteCollection('c1'), undefined, undefined],
    [
      'POST /stores/v1/bulk/products/update',
      (c) => c.products.bulkUpdateProductsProperty({ ids: ['p1'], set: { price: 9 } }),
      { ids: ['p1'], set: { price: 9 } },
      'answer',
    ],
    [
      'POST /stores/v1/bulk/products/adjust-properties',
      (c) => c.products.bulkAdjustProductProperty({ ids: ['p1'], adjust: { price: { percentage: -10 } } }),
      { ids: ['p1'], adjust: { price: { percentage: -10 } } },
      'answer',
    ],
    [
      'POST /stores/v2/products-platformized',
      (c) => c.products.createProductPlatformized({ name: 'Tee' }),
      { product: { name: 'Tee' } },
      'product',
    ],
    [
      'PATCH /stores/v2/products-platformized/p1',
      (c) => c.products.updateProductPlatformized('p1', { name: 'Tee' }),
      { product: { id: 'p1', name: 'Tee' } },
      'product',
    ],
    [
      'DELETE /stores/v2/products-platformized/p1',
      (c) => c.products.deleteProductPlatformized('p1'),
      undefined,
      undefined,
    ],
  ]

  it.each(calls)(
    '%s sends the spec body to baseUrl and resolves as its answer reads',
    async (route, call, body, resolves) => {
      const { client, fake } = createTestClient()
      fake.on(route, () => jsonResponse({ product, collection, results: [] }))
      const resolved = await call(client)
      const request = fake.requestsTo(route)[0]
      expect(request?.host).toBe('http://api.test')
      expect(request?.body).toEqual(body)
      if (resolves === 'product')
        expect(resolved).toEqual({
          _id: 'p1',
          name: 'Tee',
          _createdDate: product.createdDate,
          weight: Number.POSITIVE_INFINITY,
        })
      else if (resolves === 'collection') expect(resolved).toEqual({ _id: 'c1', name: 'Summer' })
      else if (resolves === 'answer') expect(resolved).toHaveProperty('results', [])
      else expect(resolved).toBeUndefined()
    },
  )

  it('refuses an empty id before calling', async () => {
    const { client, fake } = createTestClient()
    await expect(client.products.deleteProduct('')).rejects.toMatchObject({ code: 'INVALID_ARGUMENT' })
    await expect(client.products.addProductsToCollection('', ['p1'])).rejects.toThrowError(
      '"id" must be a non-empty string',
    )
    expect(fake.requests).toHaveLength(0)
  })
})
