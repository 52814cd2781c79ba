import { createElement } from 'react'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { getShopDetails, updateShopDetails } from '../../checkout/shop-details.ts'
import { setShopIcon, setShopLogo } from '../../checkout/shop-icon.ts'
import type { Db } from '../../db/db.ts'
import { Document } from '../../pages/document.tsx'
import { renderPage } from '../../pages/render-page.tsx'
import { DEMO_SITE_ID } from '../../seed/demo-store.ts'
import { createDashboardPlatform, createTestBrowser } from '../../testing/dashboard-browser.ts'
import { browse, createAuthSession, createPkce } from '../../testing/member-flows.ts'
import { databaseKinds, openTestDatabase } from '../../testing/test-database.ts'
import { createTestPlatform } from '../../testing/test-platform.ts'

// A one-pixel PNG: the smallest picture the media uploads take.
const PNG = Uint8Array.from(
  Buffer.from(
    'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
    'base64',
  ),
)

describe.each(databaseKinds())('dashboard shop details on %s', (kind) => {
  let db: Db
  let dashboard: Awaited<ReturnType<typeof createDashboardPlatform>>
  let browser: ReturnType<typeof createTestBrowser>
  const demo = {
    name: 'Aisle Demo Store',
    brandColour: '#1f2328',
    accentColour: '#0969da',
    checkoutPhone: 'OPTIONAL',
    timeZone: 'UTC',
  }
  beforeAll(async () => {
    db = await openTestDatabase(kind)
    dashboard = await createDashboardPlatform(db)
    browser = createTestBrowser(dashboard.app)
    await browser.signIn()
  })
  beforeEach(async () => {
    await updateShopDetails(db, DEMO_SITE_ID, demo)
    await setShopIcon(db, DEMO_SITE_ID, null)
    await setShopLogo(db, DEMO_SITE_ID, null)
  })
  afterAll(() => db.close())

  it('shows the stored name and colours in a form that works without script', async () => {
    const page = await browser.get('/dashboard/setup/shop')
    expect(page.status).toBe(200)
    expect(browser.formOf('/dashboard/setup/shop')).toMatchObject({
      name: ['Aisle Demo Store'],
      brandColour: ['#1f2328'],
      accentColour: ['#0969da'],
    })
    expect(page.text).toContain('type="color"')
  })

  it('saves a new name and colours, which shoppers then read as the shop’s', async () => {
    await browser.get('/dashboard/setup/shop')
    const saved = await browser.submit('/dashboard/setup/shop', {
      name: 'Lumen & Loom',
      brandColour: '#2d1b69',
      accentColour: '#b42318',
      checkoutPhone: 'HIDDEN',
      timeZone: 'UTC',
    })
    expect(saved.status).toBe(303)
    expect((await getShopDetails(db, DEMO_SITE_ID)).checkoutPhone).toBe('HIDDEN')
    expect(saved.location).toBe('/dashboard/setup/shop?notice=saved')
    const page = (await browser.get(saved.location!)).text
    expect(page).toContain('value="Lumen &amp; Loom"')
    // The mail preview wears the saved colours, in the page's nonce'd style.
    expect(page).toMatch(/<style nonce="[^"]+">[^<]*\.mail-preview-header\{background:#2d1b69\}/)
    const shopper = createTestPlatform(db)
    const { access_token: token } = await shopper.visitorTokens()
    const info = await shopper.call('GET', '/ecom/v1/shop-info', { token })
    expect(info.json).toMatchObject({ name: 'Lumen & Loom' })
  })

  it('answers a refused form with its errors beside the fields, keeps what was typed, and stores nothing', async () => {
    await browser.get('/dashboard/setup/shop')
    const refused = await browser.submit('/dashboard/setup/shop', { name: 'Pale', accentColour: '#fff8c5' })
    expect(refused.status).toBe(400)
    expect(refused.text).toContain('id="field-accentColour-error"')
    expect(refused.text).toMatch(/too light for the white text mails and the shop.{1,6}s pages write on it/)
    expect(refused.text).toContain('value="Pale"')
    expect(await getShopDetails(db, DEMO_SITE_ID)).toEqual(demo)
  })

  it('refuses a post without the page’s token or without a session; nothing changes', async () => {
    await browser.get('/dashboard/setup/shop')
    const fields = { ...browser.formOf('/dashboard/setup/shop'), name: 'Forged' }
    expect((await browser.post('/dashboard/setup/shop', { ...fields, csrf: '' })).status).toBe(403)
    const stranger = await createTestBrowser(dashboard.app).post('/dashboard/setup/shop', fields)
    expect(stranger.location).toMatch(/^\/dashboard\/login/)
    expect(await getShopDetails(db, DEMO_SITE_ID)).toEqual(demo)
  })

  it('takes an uploaded shop icon, which the shop info, the shop’s icon address and its hosted pages then name', async () => {
    const shopper = createTestPlatform(db)
    const { access_token: token } = await shopper.visitorTokens()
    const iconPath = `/sites/${DEMO_SITE_ID}/icon`
    // The default first: the platform's SVG at the shop's icon address, and no icon in the shop info.
    const before = await dashboard.app.request(`${dashboard.publicUrl}${iconPath}`)
    expect(before.headers.get('content-type')).toBe('image/svg+xml')
    expect((await shopper.call('GET', '/ecom/v1/shop-info', { token })).json.icon).toBeUndefined()

    await browser.get('/dashboard/setup/shop')
    const upload = new FormData()
    upload.append('intent', 'upload')
    upload.append('icon', new Blob([PNG], { type: 'image/png' }), 'icon.png')
    const saved = await browser.postMultipart('/dashboard/setup/shop/icon', upload)
    expect(saved.status).toBe(303)
    expect(saved.location).toBe('/dashboard/setup/shop?notice=saved')

    const { icon } = (await shopper.call('GET', '/ecom/v1/shop-info', { token })).json
    expect(icon).toEqual({ url: expect.stringMatching(/\/media\/[0-9a-f-]{36}$/), width: 1, height: 1 })
    expect((await browser.get('/dashboard/setup/shop')).text).toContain(`src="${icon.url}"`)
    const after = await dashboard.app.request(`${dashboard.publicUrl}${iconPath}`)
    expect(after.status).toBe(302)
    expect(after.headers.get('location')).toBe(icon.url)
    // biome-ignore lint/correctness/noChildrenProp: a .ts test has no JSX, and Document's props type requires children
    const hosted = await renderPage(createElement(Document, { title: 'Sign in', children: 'page' }), {
      siteId: DEMO_SITE_ID,
    }).text()
    expect(hosted).toContain(`<link rel="icon" href="${iconPath}"/>`)

    // The default icon back at a press.
    await browser.get('/dashboard/setup/shop')
    await browser.post('/dashboard/setup/shop/icon', { intent: 'default' })
    expect((await shopper.call('GET', '/ecom/v1/shop-info', { token })).json.icon).toBeUndefined()
  })

  it('refuses a file that is no picture beside the icon field, and keeps the icon it had', async () => {
    await browser.get('/dashboard/setup/shop')
    const upload = new FormData()
    upload.append('intent', 'upload')
    upload.append('icon', new Blob(['<svg/>'], { type: 'image/png' }), 'fake.png')
    const refused = await browser.postMultipart('/dashboard/setup/shop/icon', upload)
    expect(refused.status).toBe(400)
    expect(refused.text).toContain('id="field-icon-error"')
    expect(refused.text).toContain('The default icon')
    await expect(setShopIcon(db, DEMO_SITE_ID, '00000000-0000-4000-8000-000000000000')).rejects.toThrow(
      /iconMediaId must be a picture of the shop's own media/,
    )
  })

  it('puts an uploaded logo, the name and the colours in the hosted sign-in’s header, with the way back to the shop', async () => {
    await browser.get('/dashboard/setup/shop')
    await browser.submit('/dashboard/setup/shop', {
      ...demo,
      name: 'Lumen & Loom',
      brandColour: '#2d1b69',
      accentColour: '#b42318',
    })
    await browser.get('/dashboard/setup/shop')
    const upload = new FormData()
    upload.append('intent', 'upload')
    upload.append('logo', new Blob([PNG], { type: 'image/png' }), 'logo.png')
    const saved = await browser.postMultipart('/dashboard/setup/shop/logo', upload)
    expect(saved.status).toBe(303)
    const settings = (await browser.get('/dashboard/setup/shop')).text
    const logoUrl = /<p class="shop-icon-current shop-logo-current"><img src="([^"]+)"/.exec(settings)?.[1]
    expect(logoUrl).toMatch(/\/media\/[0-9a-f-]{36}$/)
    expect(settings).toContain('Your logo')

    const shopper = createTestPlatform(db)
    const visitor = (await shopper.visitorTokens()).access_token
    const session = await createAuthSession(shopper, visitor, { challenge: createPkce().codeChallenge })
    const login = await browse(shopper, session.json.redirectSession.fullUrl)
    expect(login.status).toBe(200)
    const header = /<header class="shop-frame">.*?<\/header>/.exec(login.text)?.[0]
    expect(header).toContain(`src="${logoUrl}"`)
    expect(header).toContain('<span>Lumen &amp; Loom</span>')
    // "Back to" leads to the origin of the client's registered redirect URI, not to the callback itself.
    expect(header).toContain('href="http://localhost:3000/"')
    expect(header).toMatch(/Back to <!-- -->Lumen &amp; Loom|Back to Lumen &amp; Loom/)
    expect(login.text).toMatch(/<style nonce="[^"]+">:root\{--brand:#2d1b69;--accent:#b42318\}<\/style>/)
    expect(login.headers.get('content-security-policy')).toContain(
      `img-src 'self' data: ${new URL(logoUrl!).origin}`,
    )

    // A query cannot choose where "Back to" leads: the page's own URL is not the shop's home.
    const forged = await browse(
      shopper,
      `${session.json.redirectSession.fullUrl}&postFlowUrl=https%3A%2F%2Fevil.example%2F&returnUrl=https%3A%2F%2Fevil.example%2F`,
    )
    expect(forged.text).not.toContain('evil.example')
    expect(forged.text).toContain('href="http://localhost:3000/"')

    // Without a logo the header names the shop alone.
    await browser.get('/dashboard/setup/shop')
    await browser.post('/dashboard/setup/shop/logo', { intent: 'default' })
    const plain = await browse(
      shopper,
      (await createAuthSession(shopper, visitor, { challenge: createPkce().codeChallenge })).json
        .redirectSession.fullUrl,
    )
    expect(/<header class="shop-frame">.*?<\/header>/.exec(plain.text)?.[0]).not.toContain('<img')
  })

  it('saves a time zone, in which every dashboard time is then written, summer and winter time alike', async () => {
    await browser.get('/dashboard/setup/shop')
    const refused = await browser.submit('/dashboard/setup/shop', { ...demo, timeZone: 'Europe/Atlantis' })
    expect(refused.status).toBe(400)
    expect(refused.text).toContain('id="field-timeZone-error"')
    expect((await getShopDetails(db, DEMO_SITE_ID)).timeZone).toBe('UTC')

    await browser.get('/dashboard/setup/shop')
    const saved = await browser.submit('/dashboard/setup/shop', { ...demo, timeZone: 'Europe/Berlin' })
    expect(saved.status).toBe(303)
    // The picker names zones as a merchant knows them, west to east; the chosen one selected (decision 100).
    const form = (await browser.get('/dashboard/setup/shop')).text
    expect(form).toContain(
      '<option value="Europe/Berlin" selected="">(GMT+01:00) Central European Time — Berlin</option>',
    )
    expect(form).toContain('<option value="America/New_York">(GMT-05:00) Eastern Time — New York</option>')
    expect(form.indexOf('value="America/New_York"')).toBeLessThan(form.indexOf('value="UTC"'))
    expect(form.indexOf('value="UTC"')).toBeLessThan(form.indexOf('value="Europe/Berlin"'))
    expect(form).not.toMatch(/<option[^>]*>[^<]*(Europe|America) ?\/ ?[A-Z]/)

    // Two keys made in winter and in summer: the API keys page writes each in Berlin's time of that day.
    await db.query(
      `insert into api_keys (id, site_id, name, key_hash, permissions, created_date)
       values (gen_random_uuid(), $1, 'Winter key', $2, '{}', '2026-01-15T12:00:00Z'),
              (gen_random_uuid(), $1, 'Summer key', $3, '{}', '2026-07-15T12:00:00Z')`,
      [DEMO_SITE_ID, `winter-${Math.random()}`, `summer-${Math.random()}`],
    )
    const keys = (await browser.get('/dashboard/api-keys')).text
    expect(keys).toContain('15 Jan 2026, 13:00 CET')
    expect(keys).toContain('15 Jul 2026, 14:00 CEST')
    // Back to the shop's former details: the same keys in UTC (the page's own words, not its style sheet's).
    await updateShopDetails(db, DEMO_SITE_ID, demo)
    const inUtc = (await browser.get('/dashboard/api-keys')).text
    expect(inUtc).toContain('15 Jan 2026, 12:00 UTC')
    expect(inUtc).toContain('15 Jul 2026, 12:00 UTC')
    await db.query("delete from api_keys where name in ('Winter key', 'Summer key')")
  })
})
