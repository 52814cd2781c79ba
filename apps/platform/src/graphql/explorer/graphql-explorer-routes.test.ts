import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createApp } from '../../app.ts'
import type { Db } from '../../db/db.ts'
import { PAGE_STYLESHEET_PATH } from '../../pages/page-stylesheet-routes.ts'
import { DEMO_CLIENT_ID } from '../../seed/demo-ids.ts'
import { openTestDatabase } from '../../testing/test-database.ts'
import { TEST_PUBLIC_URL } from '../../testing/test-platform.ts'

const decode = (html: string) =>
  html.replaceAll('&quot;', '"').replaceAll('&#x27;', "'").replaceAll('&lt;', '<').replaceAll('&gt;', '>')

describe('the GraphQL explorer, /_dev/graphql', () => {
  let db: Db
  let app: ReturnType<typeof createApp>
  beforeAll(async () => {
    db = await openTestDatabase('pglite')
    app = createApp({ db, publicUrl: TEST_PUBLIC_URL, graphqlExplorer: { clientId: DEMO_CLIENT_ID } })
  })
  afterAll(() => db.close())

  const post = (fields: Record<string, string>, headers: Record<string, string> = {}) =>
    app.request(`${TEST_PUBLIC_URL}/_dev/graphql`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', ...headers },
      body: new URLSearchParams(fields).toString(),
    })
  const form = {
    version: 'alpha',
    query: 'query ($limit: Int) { products(query: { paging: { limit: $limit } }) { products { name } } }',
    variables: '{ "limit": 2 }',
    authorization: '',
    siteId: '',
    clientId: DEMO_CLIENT_ID,
  }

  it('is a form with an example query and the schema, whose one script carries the CSP nonce and may call this origin only', async () => {
    const response = await app.request(`${TEST_PUBLIC_URL}/_dev/graphql`)
    expect(response.status).toBe(200)
    const html = await response.text()
    const policy = response.headers.get('content-security-policy') ?? ''
    expect(policy).toContain("default-src 'none'; connect-src 'self'")
    const nonce = /script-src 'nonce-([^']+)'/.exec(policy)?.[1]
    expect(nonce).toBeTruthy()
    const scripts = [...html.matchAll(/<script([^>]*)>/g)].map((match) => match[1])
    expect(scripts).toEqual([` nonce="${nonce}"`])
    // Nothing loads but the page's own icon and style sheet, from this origin.
    const own = [
      '<link rel="icon" type="image/svg+xml" href="/favicon.svg"/>',
      `<link rel="stylesheet" href="${PAGE_STYLESHEET_PATH}"/>`,
    ]
    expect(own.every((link) => html.includes(link))).toBe(true)
    expect(own.reduce((page, link) => page.replace(link, ''), html)).not.toMatch(/\ssrc=|<link/)
    expect(html).toMatch(/<form data-explorer="" action="\/_dev\/graphql" method="post">/)
    expect(html).toContain(`value="${DEMO_CLIENT_ID}"`)
    expect(decode(html)).toContain('query FirstProducts($limit: Int)')
    expect(decode(html)).toContain('type Query {')
  })

  it('runs the posted query as a visitor of the client, shows the answer and keeps the token in the form', async () => {
    const response = await post(form)
    expect(response.status).toBe(200)
    const html = decode(await response.text())
    expect(html).toContain('HTTP 200')
    const answer = JSON.parse(/<code id="explorer-output">([\s\S]*?)<\/code>/.exec(html)?.[1] ?? '')
    expect(answer.data.products.products).toHaveLength(2)
    const token = /name="authorization" value="([^"]+)"/.exec(html)?.[1]
    expect(token).toBeTruthy()
    const again = decode(await (await post({ ...form, authorization: token! })).text())
    expect(again).toContain(`value="${token}"`)
    expect(again).toContain('HTTP 200')
  })

  it('shows what the endpoint answers to a refused credential, and sends nothing for variables that are not JSON', async () => {
    const refused = decode(await (await post({ ...form, authorization: 'not-a-token', clientId: '' })).text())
    expect(refused).toContain('HTTP 401')
    const broken = decode(await (await post({ ...form, variables: '{ limit: 2' })).text())
    expect(broken).toContain('Not sent')
    expect(broken).toContain('The variables are not JSON')
  })

  it('refuses a form posted from another site', async () => {
    const response = await post(form, { 'sec-fetch-site': 'cross-site' })
    expect(response.status).toBe(403)
  })
})
