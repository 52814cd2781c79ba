import { createServer, type Server } from 'node:http'
import { expect, test } from '@playwright/test'
import { countTokenRequests } from '../support/platform-metrics'
import { findFreePort, type StorefrontProcess, startStorefront } from '../support/storefront-process'

/** How a scripted platform refuses: too many requests, unavailable, or nothing listening at all. */
type Refusal = 429 | 503 | 'connection refused'

/**
 * A platform that refuses every call, token requests included, the way the real one does when a limit is
 * used up (429 with `Retry-After`) or its database is down (503).
 */
async function startRefusingPlatform(status: 429 | 503): Promise<{ url: string; server: Server }> {
  const server = createServer((request, response) => {
    request.resume()
    const code = status === 429 ? 'TOO_MANY_REQUESTS' : 'DATABASE_UNAVAILABLE'
    const body =
      request.url?.startsWith('/oauth2/token') && status === 429
        ? { error: 'slow_down', error_description: 'Too many token requests' }
        : { message: code, details: { applicationError: { description: code, code, data: {} } } }
    response.writeHead(status, { 'content-type': 'application/json', 'retry-after': '30' })
    response.end(JSON.stringify(body))
  })
  const port = await findFreePort()
  await new Promise<void>((done) => server.listen(port, '127.0.0.1', done))
  return { url: `http://127.0.0.1:${port}`, server }
}

/** A visitor's session cookie as the SDK writes it: tokens that look valid to the storefront. */
const sessionCookie = `aisle_session=${Buffer.from(
  JSON.stringify(['access-1', Math.floor(Date.now() / 1000) + 3600, 'refresh-1', 'visitor']),
).toString('base64url')}`

/** Every page and form of the storefront, as a visitor without cookies and as one with a session. */
const requests: { method: 'GET' | 'POST'; path: string; form?: Record<string, string> }[] = [
  { method: 'GET', path: '/' },
  { method: 'GET', path: '/products' },
  { method: 'GET', path: '/products?collection=tees-tops&q=shirt&page=2' },
  { method: 'GET', path: '/products/meadow-notebook' },
  { method: 'GET', path: '/products/meadow-notebook?Color=Blue' },
  { method: 'GET', path: '/collections/tees-tops' },
  { method: 'GET', path: '/cart' },
  { method: 'GET', path: '/account' },
  { method: 'GET', path: '/account/orders?page=2' },
  { method: 'GET', path: '/account/orders/7d9c2b6e-1f0a-4c3b-9e8d-5a4b3c2d1e0f' },
  { method: 'GET', path: '/account/login' },
  { method: 'GET', path: '/account/register' },
  { method: 'GET', path: '/account/forgot-password' },
  { method: 'GET', path: '/account/login/hosted' },
  { method: 'GET', path: '/account/login/silent' },
  { method: 'GET', path: '/callback?code=abc&state=def' },
  { method: 'GET', path: '/thank-you' },
  { method: 'GET', path: '/sitemap.xml' },
  { method: 'GET', path: '/robots.txt' },
  { method: 'GET', path: '/no-such-page' },
  { method: 'GET', path: '/products/meadow-notebook.data' },
  { method: 'POST', path: '/products/meadow-notebook', form: { quantity: '1' } },
  { method: 'POST', path: '/cart', form: { intent: 'apply-coupon', couponCode: 'SPRING10' } },
  { method: 'POST', path: '/cart', form: { intent: 'set-quantity', lineItemId: 'line-1', quantity: '2' } },
  {
    method: 'POST',
    path: '/cart',
    form: {
      intent: 'shipping-address',
      country: 'US',
      subdivision: 'NY',
      postalCode: '10001',
      city: 'New York',
    },
  },
  { method: 'POST', path: '/checkout', form: {} },
  {
    method: 'POST',
    path: '/account/login',
    form: { email: 'shopper@example.com', password: 'a-password-1' },
  },
  {
    method: 'POST',
    path: '/account/register',
    form: { email: 'new@example.com', password: 'a-password-123', name: 'New Shopper' },
  },
  { method: 'POST', path: '/account/forgot-password', form: { email: 'shopper@example.com' } },
  { method: 'POST', path: '/account/logout', form: {} },
]

test.describe('the storefront when the platform refuses it', () => {
  for (const refusal of [429, 503, 'connection refused'] satisfies Refusal[]) {
    test(`answers every page and stays up when the platform answers ${refusal}`, async () => {
      const platform =
        refusal === 'connection refused'
          ? { url: `http://127.0.0.1:${await findFreePort()}`, server: undefined }
          : await startRefusingPlatform(refusal)
      let storefront: StorefrontProcess | undefined
      try {
        storefront = await startStorefront(platform.url)
        for (const cookie of [undefined, sessionCookie]) {
          for (const { method, path, form } of requests) {
            const headers: Record<string, string> = { origin: storefront.url }
            if (cookie) headers.cookie = cookie
            const answer = await fetch(`${storefront.url}${path}`, {
              method,
              headers,
              body: form ? new URLSearchParams(form) : undefined,
              redirect: 'manual',
            })
            await answer.body?.cancel()
            const where = `${method} ${path}${cookie ? ' with a session' : ''}`
            // Served, or refused in words a shopper can act on: never a server fault.
            expect(answer.status, where).not.toBe(500)
            expect(answer.status, where).toBeLessThan(600)
            expect(storefront.isRunning(), `${where} ended the process:\n${storefront.output()}`).toBe(true)
          }
        }
        // The pages that need the platform say it is unavailable, or pass its limit on; none claims success.
        const home = await fetch(`${storefront.url}/products`)
        await home.body?.cancel()
        expect(home.status).toBe(refusal === 429 ? 429 : 503)
        // A moment later (a promise nobody heard would end it now), the process still answers.
        await new Promise((done) => setTimeout(done, 500))
        const robots = await fetch(`${storefront.url}/robots.txt`)
        expect(robots.status).toBe(200)
        expect(storefront.isRunning()).toBe(true)
      } finally {
        await storefront?.stop()
        platform.server?.close()
      }
    })
  }
})

test('a crawler of 1,000 cookie-less page views mints at most a handful of tokens', async ({ baseURL }) => {
  test.setTimeout(180_000)
  const sitemap = await (await fetch(`${baseURL}/sitemap.xml`)).text()
  const pages = [...sitemap.matchAll(/<loc>([^<]+)<\/loc>/g)].map((match) => new URL(match[1] ?? '').pathname)
  expect(pages.length).toBeGreaterThan(40)
  pages.push('/products?page=2', '/products?q=tee', '/cart', '/account/login', '/account/register')
  const before = await countTokenRequests()
  const views = 1_000
  let next = 0
  const statuses = new Map<number, number>()
  let setCookies = 0
  // Four crawlers at a time, each view without cookies.
  await Promise.all(
    Array.from({ length: 4 }, async () => {
      while (next < views) {
        const path = pages[next++ % pages.length] ?? '/'
        const answer = await fetch(`${baseURL}${path}`, { redirect: 'manual' })
        await answer.body?.cancel()
        statuses.set(answer.status, (statuses.get(answer.status) ?? 0) + 1)
        if (answer.headers.getSetCookie().some((cookie) => cookie.startsWith('aisle_session=')))
          setCookies += 1
      }
    }),
  )
  expect(Object.fromEntries(statuses)).toEqual({ 200: views })
  // No visitor identity for a page view: no session cookie handed out, no visitor token minted per view.
  expect(setCookies).toBe(0)
  expect((await countTokenRequests()) - before).toBeLessThanOrEqual(3)
})
