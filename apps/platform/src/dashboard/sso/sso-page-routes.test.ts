import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import type { Db } from '../../db/db.ts'
import { createTestIdentityProvider } from '../../oauth/testing/id-token-signer.ts'
import { DEMO_SITE_ID } from '../../seed/demo-store.ts'
import { createDashboardPlatform, createTestBrowser } from '../../testing/dashboard-browser.ts'
import { databaseKinds, openTestDatabase } from '../../testing/test-database.ts'
import { setLocalDevelopment } from '../../webhooks/webhook-endpoint-store.ts'

describe.each(databaseKinds())('dashboard single sign-on on %s', (kind) => {
  let db: Db
  let platform: Awaited<ReturnType<typeof createDashboardPlatform>>
  let browser: ReturnType<typeof createTestBrowser>
  const idp = createTestIdentityProvider()
  beforeAll(async () => {
    db = await openTestDatabase(kind)
    platform = await createDashboardPlatform(db)
    browser = createTestBrowser(platform.app)
    await browser.signIn()
  })
  afterAll(() => db.close())
  beforeEach(() => setLocalDevelopment(db, DEMO_SITE_ID, false, new Date()))

  const stored = (name: string) =>
    db.query<{ jwks_url: string | null; discovery: boolean; jwks: unknown }>(
      'select jwks_url, discovery, jwks from idp_connections where name = $1 and disabled_date is null',
      [name],
    )
  async function addProvider(fields: Record<string, string>) {
    await browser.get('/dashboard/sso')
    return browser.submit('/dashboard/sso', {
      issuer: 'https://login.example.com',
      audience: 'shop',
      ...fields,
    })
  }

  it('registers providers whose keys come by discovery, a JWKS URL or pasted, and disables one', async () => {
    const discovery = await addProvider({ name: 'By discovery', keySource: 'discovery' })
    expect(discovery.status).toBe(303)
    expect(discovery.location).toBe('/dashboard/sso?notice=idp-created')
    expect(await stored('By discovery')).toEqual([{ jwks_url: null, discovery: true, jwks: null }])
    const url = await addProvider({
      name: 'By URL',
      keySource: 'jwksUrl',
      jwksUrl: 'https://login.example.com/keys',
    })
    expect(url.status).toBe(303)
    expect(await stored('By URL')).toEqual([
      { jwks_url: 'https://login.example.com/keys', discovery: false, jwks: null },
    ])
    const pasted = await addProvider({ name: 'Pasted', keySource: 'jwks', jwks: JSON.stringify(idp.jwks) })
    expect(pasted.status).toBe(303)
    const page = await browser.get('/dashboard/sso')
    expect(page.text).toContain('OpenID discovery of the issuer')
    expect(page.text).toContain('https://login.example.com/keys')
    const [row] = await db.query<{ id: string }>('select id from idp_connections where name = $1', ['By URL'])
    const disabled = await browser.post(`/dashboard/sso/${row!.id}/disable`)
    expect(disabled.location).toBe('/dashboard/sso?notice=idp-disabled')
    expect(await stored('By URL')).toEqual([])
    expect((await browser.post(`/dashboard/sso/${row!.id}/disable`)).status).toBe(404)
  })

  it.each<[string, Record<string, string>, string]>([
    [
      'a loopback JWKS URL',
      { keySource: 'jwksUrl', jwksUrl: 'http://127.0.0.1:8080/jwks' },
      'must be an https URL of a public host',
    ],
    [
      'discovery of a loopback issuer',
      { keySource: 'discovery', issuer: 'https://localhost/' },
      'must be an https URL of a public host',
    ],
    ['a JWKS URL that is no URL', { keySource: 'jwksUrl', jwksUrl: 'keys please' }, 'JWKS URL'],
    ['pasted keys that are not JSON', { keySource: 'jwks', jwks: '{ not json' }, 'must be a JWK Set in JSON'],
  ])(
    'refuses %s to a site not in local development mode, keeping what was typed',
    async (_what, fields, text) => {
      const refused = await addProvider({ name: 'Refused', ...fields })
      expect(refused.status).toBe(400)
      expect(refused.text).toContain(text)
      expect(refused.text).toContain('value="Refused"')
      expect(await stored('Refused')).toEqual([])
    },
  )

  it('accepts a loopback JWKS URL from a site in local development mode', async () => {
    await setLocalDevelopment(db, DEMO_SITE_ID, true, new Date())
    const local = await addProvider({
      name: 'Local',
      keySource: 'jwksUrl',
      jwksUrl: 'http://127.0.0.1:8080/jwks',
    })
    expect(local.status).toBe(303)
    expect(await stored('Local')).toHaveLength(1)
  })
})
