import type { QueryResult } from '@aisle/sdk'
import type { PublicClient } from '../platform/aisle.server'
import { MAX_SITEMAP_URLS, type SitemapEntry } from './crawler-files'

/** Items per query page: the platform's largest page. */
const SITEMAP_PAGE_SIZE = 100

/**
 * Walks every page of a query (as the SDK pages it) and keeps what `toEntry` makes of each item, stopping at
 * `limit` entries.
 */
async function collectPages<T>(
  first: Promise<QueryResult<T>>,
  toEntry: (item: T) => SitemapEntry | undefined,
  limit: number,
): Promise<SitemapEntry[]> {
  const entries: SitemapEntry[] = []
  let page = await first
  for (;;) {
    for (const item of page.items) {
      const entry = toEntry(item)
      if (entry) entries.push(entry)
      if (entries.length >= limit) return entries
    }
    if (!page.hasNext() || page.items.length === 0) return entries
    page = await page.next()
  }
}

/**
 * Lists the pages of the storefront a search engine should know: the home page, the catalogue, every visible
 * collection and every visible product, paged through the SDK in the platform's largest pages, oldest first so
 * paging stays stable while products are added; at most the protocol's 50,000.
 * @throws the SDK's error when the platform cannot be read.
 */
export async function listSitemapEntries(client: PublicClient): Promise<SitemapEntry[]> {
  const entries: SitemapEntry[] = [{ path: '/' }, { path: '/products' }]
  const collections = await collectPages(
    client.collections.queryCollections().ascending('_createdDate').limit(SITEMAP_PAGE_SIZE).find(),
    (collection) =>
      collection.slug && collection.visible !== false
        ? {
            path: `/collections/${encodeURIComponent(collection.slug)}`,
            lastModified: collection._updatedDate,
          }
        : undefined,
    MAX_SITEMAP_URLS - entries.length,
  )
  entries.push(...collections)
  const products = await collectPages(
    client.products.queryProducts().ascending('_createdDate').limit(SITEMAP_PAGE_SIZE).find(),
    (product) =>
      product.slug && product.visible !== false
        ? {
            path: `/products/${encodeURIComponent(product.slug)}`,
            lastModified: product.lastUpdated,
          }
        : undefined,
    MAX_SITEMAP_URLS - entries.length,
  )
  entries.push(...products)
  return entries
}
