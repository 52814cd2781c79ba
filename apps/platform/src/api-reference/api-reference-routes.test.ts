import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createApp } from '../app.ts'
import type { Db } from '../db/db.ts'
import { PAGE_STYLESHEET_PATH } from '../pages/page-stylesheet-routes.ts'
import { DEMO_CLIENT_ID } from '../seed/demo-ids.ts'
import { openTestDatabase } from '../testing/test-database.ts'
import { TEST_PUBLIC_URL } from '../testing/test-platform.ts'

type Operations = Record<string, Record<string, { operationId: string; tags: string[] }>>

describe('GET /docs, the API reference page', () => {
  let db: Db
  let app: ReturnType<typeof createApp>
  let page: { status: number; headers: Headers; html: string }
  beforeAll(async () => {
    db = await openTestDatabase('pglite', 'empty')
    app = createApp({ db, publicUrl: TEST_PUBLIC_URL, graphqlExplorer: { clientId: DEMO_CLIENT_ID } })
    const response = await app.request(`${TEST_PUBLIC_URL}/docs`)
    page = { status: response.status, headers: response.headers, html: await response.text() }
  }, 60_000)
  afterAll(() => db.close())

  it('is an HTML page under the pages’ CSP: its style sheet is the platform’s own, and nothing loads from elsewhere', () => {
    expect(page.status).toBe(200)
    expect(page.headers.get('content-type')).toContain('text/html')
    const policy = page.headers.get('content-security-policy') ?? ''
    expect(policy).toContain("default-src 'none'")
    expect(policy).toContain("frame-ancestors 'none'")
    expect(policy).toMatch(/style-src 'self' 'nonce-[^']+'/)
    expect(page.html).not.toContain('<style')
    // Nothing loads but the page's own icon and style sheet, from this origin.
    const own = [
      '<link rel="icon" type="image/svg+xml" href="/favicon.svg"/>',
      `<link rel="stylesheet" href="${PAGE_STYLESHEET_PATH}"/>`,
    ]
    expect(own.every((link) => page.html.includes(link))).toBe(true)
    expect(own.reduce((html, link) => html.replace(link, ''), page.html)).not.toMatch(/<script|<link|\ssrc=/)
  })

  it('lists every operation of the OpenAPI document, under a section of its tag', () => {
    const paths = app.openApi.paths as Operations
    let count = 0
    for (const [path, operations] of Object.entries(paths)) {
      for (const [method, operation] of Object.entries(operations)) {
        count += 1
        const at = page.html.indexOf(`id="op-${operation.operationId}"`)
        expect(at, `${method} ${path}`).toBeGreaterThan(0)
        const section = page.html.lastIndexOf('<section', at)
        expect(page.html.slice(section, at)).toContain(`aria-label="${operation.tags[0]}"`)
        expect(page.html.slice(at, at + 400)).toContain(`<code>${path}</code>`)
      }
    }
    expect(count).toBeGreaterThan(200)
    expect(page.html).toContain(`${count} operations`)
  })

  it('draws the parameters, the request body and the responses of an operation as schema trees', () => {
    const of = (operationId: string) => {
      const at = page.html.indexOf(`id="op-${operationId}"`)
      return page.html.slice(at, page.html.indexOf('</details>', at))
    }
    const getProduct = of('getProduct')
    expect(getProduct).toContain('<h4>Parameters</h4>')
    expect(getProduct).toMatch(/<code>id<\/code> <span class="badge">required<\/span><\/td><td>path<\/td>/)
    const addToCart = of('addToCurrentCart')
    expect(addToCart).toContain('<h4>Request body</h4>')
    expect(addToCart).toMatch(/<code>lineItems<\/code>.*array of object/)
    expect(addToCart).toMatch(/<code>catalogItemId<\/code> <span class="badge">required<\/span>/)
    expect(addToCart).toContain('called with an access token')
    expect(addToCart).toContain('<a href="#response-Error">Error</a>')
    expect(of('health')).toContain('called with no credential')
    expect(page.html).toContain('id="schema-Error"')
  })

  it('links the GraphQL explorer where the platform serves it', async () => {
    expect(page.html).toContain('href="/_dev/graphql"')
    const without = createApp({ db, publicUrl: TEST_PUBLIC_URL })
    const html = await (await without.request(`${TEST_PUBLIC_URL}/docs`)).text()
    expect(html).not.toContain('href="/_dev/graphql"')
  }, 60_000)
})
