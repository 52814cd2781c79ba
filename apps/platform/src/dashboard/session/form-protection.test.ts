import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Db } from '../../db/db.ts'
import { isCrossSiteRequest } from '../../pages/csrf.ts'
import { createDashboardPlatform, createTestBrowser } from '../../testing/dashboard-browser.ts'
import { databaseKinds, openTestDatabase } from '../../testing/test-database.ts'

describe('isCrossSiteRequest', () => {
  const own = ['http://platform.test']
  it.each([
    [{ 'sec-fetch-site': 'same-origin' }, false],
    [{ 'sec-fetch-site': 'none' }, false],
    [{ 'sec-fetch-site': 'same-site' }, true],
    [{ 'sec-fetch-site': 'cross-site' }, true],
    [{ 'sec-fetch-site': 'cross-site', origin: 'http://platform.test' }, true],
    [{ origin: 'http://platform.test' }, false],
    [{ origin: 'http://platform.test.evil.example' }, true],
    [{ origin: 'https://platform.test' }, true],
    [{ origin: 'null' }, true],
    [{}, false],
  ])('judges %j as cross-site: %s', (headers, expected) => {
    expect(isCrossSiteRequest(new Headers(headers), own)).toBe(expected)
  })
})

describe.each(databaseKinds())('dashboard forms and frames on %s', (kind) => {
  let db: Db
  let platform: Awaited<ReturnType<typeof createDashboardPlatform>>
  let browser: ReturnType<typeof createTestBrowser>
  let productId: string
  const price = async () =>
    (
      await db.query<{ price_minor: number }>('select price_minor from products where id = $1', [productId])
    )[0]!.price_minor
  beforeAll(async () => {
    db = await openTestDatabase(kind)
    platform = await createDashboardPlatform(db)
    browser = createTestBrowser(platform.app)
    await browser.signIn()
    productId = (await db.query<{ id: string }>("select id from products where slug = 'classic-tee'"))[0]!.id
  })
  afterAll(() => db.close())

  /** The product form as the edit page has it, with a new price. */
  async function productForm(newPrice: string): Promise<Record<string, string | string[]>> {
    const page = await browser.get(`/dashboard/products/${productId}`)
    expect(page.status).toBe(200)
    return { ...browser.formOf(`/dashboard/products/${productId}`), price: newPrice }
  }

  describe('POST /dashboard/products/:id', () => {
    it('refuses a form without the session token, with a wrong one, or with another session’s', async () => {
      const before = await price()
      const form = await productForm('99')
      const { csrf: _token, ...withoutToken } = form
      expect(
        (await browser.post(`/dashboard/products/${productId}`, { ...withoutToken, csrf: '' })).status,
      ).toBe(403)
      expect(
        (await browser.post(`/dashboard/products/${productId}`, { ...form, csrf: 'x'.repeat(43) })).status,
      ).toBe(403)
      const other = createTestBrowser(platform.app, { ip: '198.51.100.99' })
      await other.signIn()
      const otherToken = other.csrf
      const refused = await browser.post(`/dashboard/products/${productId}`, { ...form, csrf: otherToken })
      expect(refused.status).toBe(403)
      expect(refused.text).toContain('This form was refused')
      expect(await price()).toBe(before)
    })

    it('refuses a cross-site post even with the right token (Fetch Metadata, then Origin)', async () => {
      const before = await price()
      const form = await productForm('98')
      for (const headers of <Record<string, string>[]>[
        { 'sec-fetch-site': 'cross-site' },
        { 'sec-fetch-site': 'same-site' },
        { 'sec-fetch-site': '', origin: 'https://evil.example' },
      ]) {
        const answer = await browser.post(`/dashboard/products/${productId}`, form, headers)
        expect(answer.status).toBe(403)
      }
      expect(await price()).toBe(before)
    })

    it('accepts the same form from the dashboard itself', async () => {
      const answer = await browser.post(`/dashboard/products/${productId}`, await productForm('31.5'))
      expect(answer.status).toBe(303)
      expect(await price()).toBe(3150)
    })
  })

  describe('dashboard responses', () => {
    it.each([
      '/dashboard/products',
      '/dashboard/collections',
      '/dashboard/api-keys',
      '/dashboard/sso',
      '/dashboard/bulk',
      '/dashboard/login',
      '/dashboard/no-such-page',
    ])(
      '%s cannot be framed or cached, and allows only its own nonce for scripts, and for styles that and the platform’s sheet',
      async (path) => {
        const answer = await browser.get(path)
        expect(answer.headers.get('x-frame-options')).toBe('DENY')
        const policy = answer.headers.get('content-security-policy')!
        expect(policy).toContain("frame-ancestors 'none'")
        expect(answer.headers.get('cache-control')).toBe('no-store')
        if (answer.status === 200 || answer.status === 404) {
          const nonce = /script-src 'nonce-([^']+)'/.exec(policy)![1]!
          expect(policy).toContain(`style-src 'self' 'nonce-${nonce}'`)
          expect(policy).not.toContain('unsafe-inline')
          for (const tag of answer.text.matchAll(/<(script|style)\b[^>]*>/g))
            expect(tag[0]).toContain(`nonce="${nonce}"`)
          expect(answer.text).not.toMatch(/ style="/)
          expect(answer.text).not.toMatch(/ on[a-z]+="/)
        }
      },
    )

    it('redirects without a session, still unframeable', async () => {
      const stranger = createTestBrowser(platform.app)
      const answer = await stranger.get('/dashboard/products')
      expect(answer.status).toBe(303)
      expect(answer.headers.get('x-frame-options')).toBe('DENY')
      expect(answer.headers.get('content-security-policy')).toContain("frame-ancestors 'none'")
    })

    it('answers an HTML page, not the JSON error body, for a bad id', async () => {
      const answer = await browser.get('/dashboard/products/not-an-id')
      expect(answer.status).toBe(400)
      expect(answer.headers.get('content-type')).toMatch(/^text\/html/)
      const missing = await browser.get('/dashboard/products/00000000-0000-4000-8000-000000000000')
      expect(missing.status).toBe(404)
      expect(missing.text).toContain('Not found')
    })
  })
})
