import { expect, type Page, test } from '@playwright/test'
import { waitForHydration } from '../support/pages'

// The demo seed is deterministic: Classic Tee is 20% off ($24.00, so $19.20) and its XL costs $2 more
// ($20.80 after the discount); Summit Parka is sold out; "Tees & Tops" is a collection.

async function readHead(page: Page) {
  return page.evaluate(() => {
    const meta = (key: string) =>
      document.head.querySelector<HTMLMetaElement>(`meta[name="${key}"], meta[property="${key}"]`)?.content
    return {
      title: document.title,
      description: meta('description'),
      canonical: document.head.querySelector<HTMLLinkElement>('link[rel="canonical"]')?.href,
      ogSiteName: meta('og:site_name'),
      ogTitle: meta('og:title'),
      ogType: meta('og:type'),
      ogUrl: meta('og:url'),
      ogImage: meta('og:image'),
      robots: meta('robots'),
    }
  })
}

async function readProductJsonLd(page: Page) {
  const text = await page.locator('script[type="application/ld+json"]').textContent()
  return JSON.parse(text ?? 'null')
}

test('a search engine reads a product page’s title, description, canonical URL, Open Graph and product data', async ({
  page,
  baseURL,
}) => {
  await page.goto('/products/classic-tee?Size=M&Color=Red')
  const head = await readHead(page)
  expect(head.title).toBe('Classic Tee · Aisle Demo Store')
  expect(head.description?.length).toBeGreaterThan(10)
  // The choices in the URL are one product: one canonical page.
  expect(head.canonical).toBe(`${baseURL}/products/classic-tee`)
  expect(head.ogUrl).toBe(`${baseURL}/products/classic-tee`)
  // The shop's own name, as its settings on the platform say, not the kit's.
  expect(head).toMatchObject({
    ogSiteName: 'Aisle Demo Store',
    ogTitle: 'Classic Tee',
    ogType: 'product',
    robots: undefined,
  })
  expect(head.ogImage).toMatch(/^http/)

  const product = await readProductJsonLd(page)
  expect(product).toMatchObject({
    '@context': 'https://schema.org',
    '@type': 'Product',
    name: 'Classic Tee',
    url: `${baseURL}/products/classic-tee`,
    offers: {
      '@type': 'AggregateOffer',
      lowPrice: '19.20',
      highPrice: '20.80',
      priceCurrency: 'USD',
      availability: 'https://schema.org/InStock',
    },
  })

  await page.goto('/products/summit-parka')
  expect((await readProductJsonLd(page)).offers.availability).toBe('https://schema.org/OutOfStock')
})

test('list pages point search engines at one canonical URL, and search results stay out of the index', async ({
  page,
  baseURL,
}) => {
  await page.goto('/collections/tees-and-tops?sort=price-desc&inStock=1')
  expect(await readHead(page)).toMatchObject({
    title: 'Tees & Tops · Aisle Demo Store',
    canonical: `${baseURL}/collections/tees-and-tops`,
    robots: undefined,
  })
  await page.goto('/')
  expect(await readHead(page)).toMatchObject({
    title: 'Aisle Demo Store',
    canonical: `${baseURL}/`,
    ogType: 'website',
  })
  await page.goto('/products?q=tee')
  expect(await readHead(page)).toMatchObject({ canonical: `${baseURL}/products`, robots: 'noindex, follow' })
})

test('the title, canonical URL and product data follow a client-side navigation', async ({
  page,
  baseURL,
}) => {
  await page.goto('/collections/tees-and-tops')
  await waitForHydration(page)
  await page.getByRole('link', { name: 'Classic Tee' }).click()
  await expect(page).toHaveTitle('Classic Tee · Aisle Demo Store')
  expect((await readHead(page)).canonical).toBe(`${baseURL}/products/classic-tee`)
  expect((await readProductJsonLd(page)).name).toBe('Classic Tee')
})

test('unknown products answer 404 with a page search engines leave out', async ({ page }) => {
  const response = await page.goto('/products/no-such-product')
  expect(response?.status()).toBe(404)
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible()
  expect((await readHead(page)).robots).toBe('noindex')
})

test('the sitemap lists the home page, the catalogue, every collection and product; robots.txt names it', async ({
  request,
  baseURL,
}) => {
  const sitemap = await request.get('/sitemap.xml')
  expect(sitemap.status()).toBe(200)
  expect(sitemap.headers()['content-type']).toBe('application/xml; charset=utf-8')
  const xml = await sitemap.text()
  const urls = [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map(([, url]) => url ?? '')
  expect(urls.slice(0, 2)).toEqual([`${baseURL}/`, `${baseURL}/products`])
  expect(urls).toContain(`${baseURL}/collections/tees-and-tops`)
  expect(urls).toContain(`${baseURL}/products/classic-tee`)
  expect(urls).toContain(`${baseURL}/products/summit-parka`)
  // Every product of the catalogue's two pages (24 a page) is listed.
  const productUrls = urls.filter((url) => url.startsWith(`${baseURL}/products/`))
  expect(productUrls.length).toBeGreaterThan(24)
  expect(new Set(urls).size).toBe(urls.length)

  const robots = await request.get('/robots.txt')
  expect(robots.status()).toBe(200)
  const text = await robots.text()
  expect(text).toContain('Disallow: /cart\n')
  expect(text).toContain(`Sitemap: ${baseURL}/sitemap.xml`)
})
