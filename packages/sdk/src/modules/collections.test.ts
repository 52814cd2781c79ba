import { describe, expect, it } from 'vitest'
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
