import { describe, expect, it } from 'vitest'
import { decodeTextBase64Url } from '../encoding/base64url.js'
import { createTestClient } from '../testing/create-test-client.js'
import { jsonResponse } from '../testing/fake-fetch.js'

describe('storeVariants.queryStoreVariants', () => {
  it('queries /stores/v1/variants/query on the read-only host and pages the variants', async () => {
    const { client, fake } = createTestClient()
    fake.on('GET /stores/v1/variants/query', () =>
      jsonResponse({
        variants: [
          {
            id: 'v1',
            productId: 'p1',
            weight: 'NaN',
            media: { image: { urlExpirationDate: '2025-01-01T00:00:00.000Z' } },
          },
        ],
        metadata: { count: 1, offset: 0, total: 1 },
      }),
    )
    const page = await client.storeVariants.queryStoreVariants().eq('productId', 'p1').find()
    expect(page.items).toEqual([
      {
        _id: 'v1',
        productId: 'p1',
        weight: Number.NaN,
        media: { image: { urlExpirationDate: '2025-01-01T00:00:00.000Z' } },
      },
    ])
    const request = fake.requests.at(-1)
    expect(request?.host).toBe('http://read.test')
    expect(JSON.parse(decodeTextBase64Url(request?.url.searchParams.get('q') ?? '')).query.filter).toEqual({
      productId: { $eq: 'p1' },
    })
  })

  it('resolves the whole answer for a query object', async () => {
    const { client, fake } = createTestClient()
    fake.on('GET /stores/v1/variants/query', () =>
      jsonResponse({ variants: [], metadata: { count: 0, offset: 0, total: 0 } }),
    )
    expect(await client.storeVariants.queryStoreVariants({ filter: { _id: 'v1' } })).toEqual({
      variants: [],
      metadata: { count: 0, offset: 0, total: 0 },
    })
  })
})

describe('storeVariants.getStoreVariant', () => {
  it('gets GET /stores/v1/variants/{id} and resolves with the variant', async () => {
    const { client, fake } = createTestClient()
    fake.on('GET /stores/v1/variants/v1', () =>
      jsonResponse({ variant: { id: 'v1', price: 'Infinity', sku: 'NaN' } }),
    )
    expect(await client.storeVariants.getStoreVariant('v1')).toEqual({
      _id: 'v1',
      price: Number.POSITIVE_INFINITY,
      sku: 'NaN',
    })
  })
})
