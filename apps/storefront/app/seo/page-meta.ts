import type { MetaDescriptor } from 'react-router'
import { STORE_LOCALE, STORE_NAME, toPageTitle } from '../store/store'

/** The site as the root loader knows it: its public URL (once a request was seen) and the shop's name. */
export interface SiteIdentity {
  url: string | undefined
  name: string
}

/** What a page tells search engines and link previews about itself. */
export interface PageSeo {
  /** The page's own title; the store's name is added (`toPageTitle`). Undefined for the home page. */
  title?: string | undefined
  description: string
  /** The page's canonical path and query, e.g. `/products/classic-tee` or `/collections/tees?page=2`. */
  path: string
  /** An absolute image URL for link previews. */
  image?: string | undefined
  /** `product` for product pages; `website` otherwise. */
  type?: 'website' | 'product'
  /** Keep the page out of search indexes (search results, filtered lists), while following its links. */
  noindex?: boolean
}

/** The longest description search engines show; longer ones are cut at a word. */
const MAX_DESCRIPTION_LENGTH = 160

/**
 * Shortens plain text to a meta description: whitespace collapsed, at most 160 characters, cut at a word
 * boundary with an ellipsis when it had to be cut.
 */
export function toMetaDescription(text: string, maxLength = MAX_DESCRIPTION_LENGTH): string {
  const flat = text.replace(/\s+/g, ' ').trim()
  if (flat.length <= maxLength) return flat
  const cut = flat.slice(0, maxLength - 1)
  const lastSpace = cut.lastIndexOf(' ')
  return `${(lastSpace > maxLength / 2 ? cut.slice(0, lastSpace) : cut).replace(/[\s,.;:–-]+$/, '')}…`
}

/**
 * A canonical path: the pathname with only the query parameters that change what the page is (`keep`, e.g.
 * `page`), in the order given, so every variation of filters and sorting points at one URL.
 */
export function toCanonicalPath(
  pathname: string,
  search: URLSearchParams,
  keep: readonly string[] = [],
): string {
  const params = new URLSearchParams()
  for (const name of keep) {
    const value = search.get(name)
    if (value) params.set(name, value)
  }
  const query = params.toString()
  return query ? `${pathname}?${query}` : pathname
}

/**
 * The meta tags of a page: title, description, the canonical link and Open Graph tags (a Twitter card
 * follows Open Graph). Without a site URL (no request seen yet) the absolute URLs are left out.
 */
export function toSeoMeta(site: SiteIdentity, seo: PageSeo): MetaDescriptor[] {
  const title = toPageTitle(site.name, seo.title)
  const tags: MetaDescriptor[] = [
    { title },
    { name: 'description', content: seo.description },
    { property: 'og:site_name', content: site.name },
    { property: 'og:title', content: seo.title ?? site.name },
    { property: 'og:description', content: seo.description },
    { property: 'og:type', content: seo.type ?? 'website' },
    { property: 'og:locale', content: STORE_LOCALE.replace('-', '_') },
    { name: 'twitter:card', content: seo.image ? 'summary_large_image' : 'summary' },
  ]
  if (site.url) {
    const url = new URL(seo.path, `${site.url}/`).href
    tags.push({ tagName: 'link', rel: 'canonical', href: url }, { property: 'og:url', content: url })
  }
  if (seo.image) tags.push({ property: 'og:image', content: seo.image })
  if (seo.noindex) tags.push({ name: 'robots', content: 'noindex, follow' })
  return tags
}

/** A route match as `meta` functions receive them; only the root's data is read. */
interface MatchLike {
  id: string
  loaderData?: unknown
}

/**
 * The storefront's public URL and the shop's name from the root loader's data, for titles, canonical and
 * Open Graph URLs. Without the root's data (it failed) the URL is unknown and the name is the fallback.
 */
export function findSite(matches: readonly (MatchLike | undefined)[]): SiteIdentity {
  const root = matches.find((match) => match?.id === 'root')?.loaderData
  const read = (key: string) => {
    const value = root && typeof root === 'object' ? (root as Record<string, unknown>)[key] : undefined
    return typeof value === 'string' && value.length > 0 ? value : undefined
  }
  return { url: read('siteUrl'), name: read('shopName') ?? STORE_NAME }
}

/** The head of a page kept out of search indexes (the cart, account pages, errors): its title alone. */
export function toPrivatePageMeta(
  matches: readonly (MatchLike | undefined)[],
  page: string,
): MetaDescriptor[] {
  return [{ title: toPageTitle(findSite(matches).name, page) }, { name: 'robots', content: 'noindex' }]
}

/**
 * Serialises structured data for an inline `<script type="application/ld+json">`: JSON with `<`, `>`, `&`
 * and the line separators U+2028/U+2029 written as escapes, so no value (a product named `</script>…`) can
 * end the script element or the HTML parser's idea of it.
 */
export function serializeJsonLd(value: unknown): string {
  return JSON.stringify(value).replace(/[<>&\u2028\u2029]/g, (character) => {
    return `\\u${character.charCodeAt(0).toString(16).padStart(4, '0')}`
  })
}
