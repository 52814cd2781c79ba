import { describe, expect, it } from 'vitest'
import type { AnswerFunction } from '../platform/testing/scripted-platform'
import { applicationError, createScriptedClient } from '../platform/testing/scripted-platform'
import { listSitemapEntries } from './sitemap-entries.server'

/** Answers a catalogue query page by page from `items`, as the platform pages it (the `q` parameter). */
function pagesOf(key: string, items: Record<string, unknown>[]): AnswerFunction {
  return ({ searchParams }) => {
    const encoded = searchParams.get('q') ?? ''
    const { query } = JSON.parse(Buffer.from(encoded, 'base64url').toString('utf8'))
    const { limit, offset } = query.paging
    const page = items.slice(offset, offset + limit)
    return { body: { [key]: page, metadata: { count: page.length, offset, total: items.length } } }
  }
}

describe('listSitemapEntries', () => {
  it('pages through every collection and product, leaving out hidden ones', async () => {
    const products = Array.from({ length: 230 }, (_, index) => ({
      id: `p${index}`,
      slug: `product-${index}`,
      visible: index !== 7,
      lastUpdated: '2026-11-20T10:00:00.000Z',
    }))
    const collections = [
      { id: 'c1', slug: 'mugs & cups', updatedDate: '2026-11-01T00:00:00.000Z' },
      { id: 'c2', slug: 'hidden', visible: false },
    ]
    const { client, calls } = createScriptedClient({
      'GET /stores/v1/products/query-platformized': pagesOf('products', products),
      'GET /stores/v2/collections/query': pagesOf('collections', collections),
    })
    const entries = await listSitemapEntries(client)
    expect(entries.slice(0, 3)).toEqual([
      { path: '/' },
      { path: '/products' },
      { path: '/collections/mugs%20%26%20cups', lastModified: '2026-11-01T00:00:00.000Z' },
    ])
    const productPaths = entries.slice(3).map((entry) => entry.path)
    expect(productPaths).toHaveLength(229)
    expect(productPaths).not.toContain('/products/product-7')
    expect(productPaths.at(-1)).toBe('/products/product-229')
    // Pages of 100: three product queries and one for collections, oldest first.
    const productQueries = calls.filter((call) => call.path === '/stores/v1/products/query-platformized')
    expect(productQueries).toHaveLength(3)
  })

  it('fails with the SDK’s error when the platform cannot be read', async () => {
    const { client } = createScriptedClient({
      'GET /stores/v2/collections/query': applicationError(503, 'SERVICE_UNAVAILABLE'),
    })
    await expect(listSitemapEntries(client)).rejects.toMatchObject({ status: 503 })
  })
})
