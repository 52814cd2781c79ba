import { gunzipSync } from 'node:zlib'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createApp } from '../app.ts'
import type { Db } from '../db/db.ts'
import { openTestDatabase } from '../testing/test-database.ts'
import { TEST_PUBLIC_URL } from '../testing/test-platform.ts'
import { pageStyles } from './page-styles.ts'
import { PAGE_STYLESHEET_PATH } from './page-stylesheet-routes.ts'

// The pages link one style sheet at a content-hashed address instead of inlining 34 kB of it in every page
// (decision 103). The route reads no database: PGlite alone.

describe('GET /_assets/{file}', () => {
  let db: Db
  let app: ReturnType<typeof createApp>
  beforeAll(async () => {
    db = await openTestDatabase('pglite', 'empty')
    app = createApp({ db, publicUrl: TEST_PUBLIC_URL })
  })
  afterAll(() => db.close())

  const get = (path: string, headers: Record<string, string> = {}) =>
    app.request(`${TEST_PUBLIC_URL}${path}`, { headers })

  it('is named by the style sheet’s content', () => {
    expect(PAGE_STYLESHEET_PATH).toMatch(/^\/_assets\/hosted-[0-9a-f]{16}\.css$/)
  })

  it('answers the style sheet, kept for a year and never asked again, to a client without gzip', async () => {
    const response = await get(PAGE_STYLESHEET_PATH)
    expect(response.status).toBe(200)
    expect(response.headers.get('content-type')).toBe('text/css; charset=utf-8')
    expect(response.headers.get('cache-control')).toBe('public, max-age=31536000, immutable')
    expect(response.headers.get('vary')).toBe('accept-encoding')
    expect(response.headers.get('content-encoding')).toBeNull()
    expect(response.headers.get('etag')).toMatch(/^"[0-9a-f]{16}"$/)
    expect(await response.text()).toBe(pageStyles)
  })

  it('answers it gzipped, under an ETag of its own, to a client that accepts gzip', async () => {
    const response = await get(PAGE_STYLESHEET_PATH, { 'accept-encoding': 'gzip, deflate, br' })
    expect(response.status).toBe(200)
    expect(response.headers.get('content-encoding')).toBe('gzip')
    expect(response.headers.get('etag')).toMatch(/^"[0-9a-f]{16}-gzip"$/)
    const bytes = Buffer.from(await response.arrayBuffer())
    expect(Number(response.headers.get('content-length'))).toBe(bytes.length)
    expect(bytes.length).toBeLessThan(pageStyles.length / 3)
    expect(gunzipSync(bytes).toString('utf8')).toBe(pageStyles)
  })

  it('answers 304 without a body to a client that has the same encoding, 200 to one that has the other', async () => {
    const gzipped = await get(PAGE_STYLESHEET_PATH, { 'accept-encoding': 'gzip' })
    const etag = gzipped.headers.get('etag') ?? ''
    const again = await get(PAGE_STYLESHEET_PATH, { 'accept-encoding': 'gzip', 'if-none-match': `W/${etag}` })
    expect(again.status).toBe(304)
    expect(again.headers.get('etag')).toBe(etag)
    expect(again.headers.get('cache-control')).toBe('public, max-age=31536000, immutable')
    expect(await again.text()).toBe('')
    const plain = await get(PAGE_STYLESHEET_PATH, { 'if-none-match': etag })
    expect(plain.status).toBe(200)
    expect(await plain.text()).toBe(pageStyles)
  })

  it('answers any other file with the 404 error body, a former sheet’s address too', async () => {
    for (const path of ['/_assets/hosted-0000000000000000.css', '/_assets/page-styles.ts']) {
      const response = await get(path)
      expect(response.status, path).toBe(404)
      expect((await response.json()).details.applicationError.code, path).toBe('ROUTE_NOT_FOUND')
    }
  })

  it('is linked by the pages instead of their inline copy, and their policy allows it', async () => {
    for (const path of ['/dashboard/login', '/docs']) {
      const response = await get(path)
      expect(response.status, path).toBe(200)
      const html = await response.text()
      expect(html, path).toContain(`<link rel="stylesheet" href="${PAGE_STYLESHEET_PATH}"/>`)
      expect(html, path).not.toContain('.topbar {')
      expect(response.headers.get('content-security-policy'), path).toMatch(/style-src 'self' 'nonce-[^']+'/)
    }
  })
})
