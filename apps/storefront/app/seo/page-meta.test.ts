import { describe, expect, it } from 'vitest'
import {
  findSite,
  serializeJsonLd,
  toCanonicalPath,
  toMetaDescription,
  toPrivatePageMeta,
  toSeoMeta,
} from './page-meta'

const site = { url: 'https://shop.example', name: 'Lumen & Loom' }

describe('toSeoMeta', () => {
  it('gives a page its title, description, canonical link and Open Graph tags', () => {
    const tags = toSeoMeta(site, {
      title: 'Classic Tee',
      description: 'A soft cotton tee.',
      path: '/products/classic-tee',
      image: 'https://media.example/tee.webp',
      type: 'product',
    })
    expect(tags).toEqual([
      { title: 'Classic Tee · Lumen & Loom' },
      { name: 'description', content: 'A soft cotton tee.' },
      { property: 'og:site_name', content: 'Lumen & Loom' },
      { property: 'og:title', content: 'Classic Tee' },
      { property: 'og:description', content: 'A soft cotton tee.' },
      { property: 'og:type', content: 'product' },
      { property: 'og:locale', content: 'en_US' },
      { name: 'twitter:card', content: 'summary_large_image' },
      { tagName: 'link', rel: 'canonical', href: 'https://shop.example/products/classic-tee' },
      { property: 'og:url', content: 'https://shop.example/products/classic-tee' },
      { property: 'og:image', content: 'https://media.example/tee.webp' },
    ])
  })

  it('titles the home page with the shop’s name alone and keeps search results out of indexes', () => {
    const tags = toSeoMeta(site, { description: 'Shop.', path: '/', noindex: true })
    expect(tags).toContainEqual({ title: 'Lumen & Loom' })
    expect(tags).toContainEqual({ property: 'og:title', content: 'Lumen & Loom' })
    expect(tags).toContainEqual({ property: 'og:type', content: 'website' })
    expect(tags).toContainEqual({ name: 'robots', content: 'noindex, follow' })
    expect(tags).toContainEqual({ tagName: 'link', rel: 'canonical', href: 'https://shop.example/' })
  })

  it('leaves out absolute URLs when the site URL is unknown', () => {
    const tags = toSeoMeta(
      { url: undefined, name: 'Shop' },
      { title: 'All products', description: 'Shop.', path: '/products' },
    )
    expect(tags.some((tag) => 'rel' in tag || ('property' in tag && tag.property === 'og:url'))).toBe(false)
  })
})

describe('toCanonicalPath', () => {
  it('keeps only the parameters that change what the page is, in a fixed order', () => {
    const search = new URLSearchParams('sort=price-desc&page=2&inStock=1&maxPrice=35')
    expect(toCanonicalPath('/collections/tees', search, ['page'])).toBe('/collections/tees?page=2')
    expect(toCanonicalPath('/products/tee', new URLSearchParams('Size=M'))).toBe('/products/tee')
  })
})

describe('toMetaDescription', () => {
  it('collapses whitespace and keeps short text whole', () => {
    expect(toMetaDescription('  A soft\n\ncotton   tee. ')).toBe('A soft cotton tee.')
  })

  it('cuts long text at a word, within 160 characters, with an ellipsis', () => {
    const text = `${'word '.repeat(40)}end`
    const description = toMetaDescription(text)
    expect(description.length).toBeLessThanOrEqual(160)
    expect(description).toMatch(/word…$/)
  })
})

describe('findSite', () => {
  it('reads the site URL and the shop’s name from the root route’s data', () => {
    const matches = [
      { id: 'root', loaderData: { siteUrl: 'https://shop.example', shopName: 'Lumen & Loom' } },
      { id: 'routes/home', loaderData: { siteUrl: 'https://elsewhere.example', shopName: 'Other' } },
    ]
    expect(findSite(matches)).toEqual(site)
  })

  it('falls back to no URL and the default name when the root has no data', () => {
    expect(findSite([{ id: 'root', loaderData: undefined }])).toEqual({ url: undefined, name: 'Aisle' })
    expect(findSite([{ id: 'root', loaderData: { siteUrl: '', shopName: '' } }])).toEqual({
      url: undefined,
      name: 'Aisle',
    })
  })
})

describe('toPrivatePageMeta', () => {
  it('titles a page with the shop’s name and keeps it out of search indexes', () => {
    const matches = [{ id: 'root', loaderData: { shopName: 'Lumen & Loom' } }]
    expect(toPrivatePageMeta(matches, 'Your cart')).toEqual([
      { title: 'Your cart · Lumen & Loom' },
      { name: 'robots', content: 'noindex' },
    ])
  })
})

describe('serializeJsonLd', () => {
  it('escapes what could end a script element or break a line in it, and stays the same JSON', () => {
    const value = { name: '</script><script>alert(1)</script> & <!-- \u2028\u2029' }
    const text = serializeJsonLd(value)
    expect(text).not.toMatch(/[<>&\u2028\u2029]/)
    expect(text).toContain('\\u003c/script\\u003e')
    expect(JSON.parse(text)).toEqual(value)
  })
})
