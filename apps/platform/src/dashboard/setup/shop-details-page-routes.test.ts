import { createElement } from 'react'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { getShopDetails, updateShopDetails } from '../../checkout/shop-details.ts'
import { setShopIcon } from '../../checkout/shop-icon.ts'
import type { Db } from '../../db/db.ts'
import { Document } from '../../pages/document.tsx'
import { renderPage } from '../../pages/render-page.tsx'
import { DEMO_SITE_ID } from '../../seed/demo-store.ts'
import { createDashboardPlatform, createTestBrowser } from '../../testing/dashboard-browser.ts'
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
    expect(refused.text).toMatch(/too light for the white text mails write on it/)
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
})
