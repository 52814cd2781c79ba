import { describe, expect, it } from 'vitest'
import { MAX_SITEMAP_URLS, toRobotsTxt, toSitemapXml } from './crawler-files'

describe('toSitemapXml', () => {
  it('lists absolute, escaped URLs with their last change', () => {
    const xml = toSitemapXml('https://shop.example', [
      { path: '/' },
      { path: '/products/tea%20%26%20cups?x=1&y=2', lastModified: '2026-11-20T10:00:00.000Z' },
      { path: '/collections/mugs', lastModified: 'not a date' },
    ])
    expect(xml).toBe(
      [
        '<?xml version="1.0" encoding="UTF-8"?>',
        '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">',
        '<url><loc>https://shop.example/</loc></url>',
        '<url><loc>https://shop.example/products/tea%20%26%20cups?x=1&amp;y=2</loc><lastmod>2026-11-20T10:00:00.000Z</lastmod></url>',
        '<url><loc>https://shop.example/collections/mugs</loc></url>',
        '</urlset>',
        '',
      ].join('\n'),
    )
  })

  it('stops at the protocol’s 50,000 URLs', () => {
    const entries = Array.from({ length: MAX_SITEMAP_URLS + 5 }, (_, index) => ({
      path: `/products/p${index}`,
    }))
    expect(toSitemapXml('https://shop.example', entries).match(/<url>/g)).toHaveLength(MAX_SITEMAP_URLS)
  })
})

describe('toRobotsTxt', () => {
  it('lets crawlers read the catalogue, not the visitor’s pages, and names the sitemap', () => {
    expect(toRobotsTxt('https://shop.example')).toBe(
      [
        'User-agent: *',
        'Disallow: /cart',
        'Disallow: /checkout',
        'Disallow: /account',
        'Allow: /',
        '',
        'Sitemap: https://shop.example/sitemap.xml',
        '',
      ].join('\n'),
    )
  })
})
