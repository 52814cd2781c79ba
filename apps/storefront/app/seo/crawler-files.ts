/** One page a sitemap lists: its path on the storefront and when it last changed. */
export interface SitemapEntry {
  path: string
  /** ISO-8601 date-time of the last change, when known. */
  lastModified?: string | undefined
}

/** The sitemap protocol's limit of URLs in one file. */
export const MAX_SITEMAP_URLS = 50_000

const XML_ESCAPES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&apos;',
}

function escapeXml(text: string): string {
  return text.replace(/[&<>"']/g, (character) => XML_ESCAPES[character] ?? character)
}

/**
 * Writes a sitemap (sitemaps.org protocol 0.9) of the entries' absolute URLs on `siteUrl`, with `lastmod`
 * where known; URLs and dates are XML-escaped, and entries past the protocol's 50,000 are left out.
 */
export function toSitemapXml(siteUrl: string, entries: readonly SitemapEntry[]): string {
  const urls = entries.slice(0, MAX_SITEMAP_URLS).map((entry) => {
    const loc = `<loc>${escapeXml(new URL(entry.path, `${siteUrl}/`).href)}</loc>`
    const isDate = entry.lastModified !== undefined && !Number.isNaN(Date.parse(entry.lastModified))
    const lastmod = isDate ? `<lastmod>${escapeXml(entry.lastModified as string)}</lastmod>` : ''
    return `<url>${loc}${lastmod}</url>`
  })
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">',
    ...urls,
    '</urlset>',
    '',
  ].join('\n')
}

/** Paths no search engine needs: the visitor's own pages (cart, checkout, account). */
export const PRIVATE_PATHS = ['/cart', '/checkout', '/account'] as const

/** Writes robots.txt: every crawler may read the catalogue but not the visitor's own pages; where the sitemap is. */
export function toRobotsTxt(siteUrl: string): string {
  return [
    'User-agent: *',
    ...PRIVATE_PATHS.map((path) => `Disallow: ${path}`),
    'Allow: /',
    '',
    `Sitemap: ${siteUrl}/sitemap.xml`,
    '',
  ].join('\n')
}
