import { describe, expect, it } from 'vitest'
import { decodeTextBase64Url } from '../encoding/base64url.js'
import { createTestClient } from '../testing/create-test-client.js'
import { jsonResponse } from '../testing/fake-fetch.js'

describe('collections.getCollection', () => {
  it('gets GET /stores/v2/collections/{id} from the read-only host and unwraps the collection', async () => {
    const { client, fake } = createTestClient()
    fake.on('GET /stores/v2/collections/c1', () =>
      jsonResponse({ collection: { id: 'c1', slug: 'summer', name: 'NaN', numberOfProducts: 'NaN' } }),
    )
    expect(await client.collections.getCollection('c1')).toEqual({
      _id: 'c1',
      slug: 'summer',
      name: 'NaN',
      numberOfProducts: Number.NaN,
    })
    expect(fake.requests.at(-1)?.host).toBe('http://read.test')
  })

  it('rejects with the platform error for an unknown collection', async () => {
    const { client, fake } = createTestClient()
    fake.on('GET /stores/v2/collections/missing', () =>
      jsonResponse(
        {
          message: 'Collection not found',
          details: {
            applicationError: { description: 'Collection not found', code: 'COLLECTION_NOT_FOUND', data: {} },
          },
        },
        { status: 404 },
      ),
    )
    await expect(client.collections.getCollection('missing')).rejects.toMatchObject({
      code: 'COLLECTION_NOT_FOUND',
      message: 'Collection not found',
      status: 404,
    })
  })
})

describe('collections.getCollectionBySlug', () => {
  it('gets GET /stores/v2/collections/slug/{slug} from the read-only host', async () => {
    const { client, fake } = createTestClient()
    fake.on('GET /stores/v2/collections/slug/summer', () =>
      jsonResponse({ collection: { id: 'c1', slug: 'summer' } }),
    )
    expect(await client.collections.getCollectionBySlug('summer')).toEqual({ _id: 'c1', slug: 'summer' })
    expect(fake.requests.at(-1)?.host).toBe('http://read.test')
  })
})

describe('collections.queryCollections', () => {
  const answer = () =>
    jsonResponse({
      collections: [{ id: 'c1', numberOfProducts: 'Infinity' }],
      metadata: { count: 1, offset: 0, total: 7 },
    })

  it('runs a builder query as a GET on the read-only host and pages the answer', async () => {
    const { client, fake } = createTestClient()
    fake.on('GET /stores/v2/collections/query', answer)
    const page = await client.collections.queryCollections().startsWith('slug', 'sum').limit(1).find()
    expect(page.items).toEqual([{ _id: 'c1', numberOfProducts: Number.POSITIVE_INFINITY }])
    expect(page).toMatchObject({ totalCount: 7, totalPages: 7, pageSize: 1, currentPage: 0 })
    expect(page.hasNext()).toBe(true)
    const q = fake.requests.at(-1)?.url.searchParams.get('q') ?? ''
    expect(JSON.parse(decodeTextBase64Url(q))).toEqual({
      query: { filter: { slug: { $startsWith: 'sum' } }, paging: { limit: 1, offset: 0 } },
    })
  })

  it('resolves the whole answer for a query object', async () => {
    const { client, fake } = createTestClient()
    fake.on('GET /stores/v2/collections/query', answer)
    expect(await client.collections.queryCollections({ paging: { limit: 1 } })).toEqual({
      collections: [{ _id: 'c1', numberOfProducts: Number.POSITIVE_INFINITY }],
      metadata: { count: 1, offset: 0, total: 7 },
    })
  })
})
