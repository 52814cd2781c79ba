import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Db } from '../../db/db.ts'
import { createDashboardPlatform, createTestBrowser } from '../../testing/dashboard-browser.ts'
import { databaseKinds, openTestDatabase } from '../../testing/test-database.ts'

describe.each(databaseKinds())('the dashboard’s secure files of a product on %s', (kind) => {
  let db: Db
  let dashboard: Awaited<ReturnType<typeof createDashboardPlatform>>
  let browser: ReturnType<typeof createTestBrowser>
  let digitalId: string
  let physicalId: string
  beforeAll(async () => {
    db = await openTestDatabase(kind)
    dashboard = await createDashboardPlatform(db)
    browser = createTestBrowser(dashboard.app)
    await browser.signIn()
    const [digital] = await db.query<{ id: string }>(
      "update products set product_type = 'digital' where slug = 'meadow-notebook' returning id",
    )
    digitalId = digital!.id
    const [physical] = await db.query<{ id: string }>("select id from products where slug = 'classic-tee'")
    physicalId = physical!.id
  })
  afterAll(() => db.close())

  const pdf = (name = 'pattern.pdf', type = 'application/pdf') => {
    const data = new FormData()
    data.append('file', new File([new TextEncoder().encode('%PDF-1.4\n%%EOF\n')], name, { type }))
    return data
  }

  it('uploads a file, lists it with a download link that works, and removes it', async () => {
    const empty = await browser.get(`/dashboard/products/${digitalId}/secure-files`)
    expect(empty.status).toBe(200)
    expect(empty.text).toContain('No files yet.')
    const uploaded = await browser.postMultipart(`/dashboard/products/${digitalId}/secure-files`, pdf())
    expect(uploaded.status).toBe(303)
    expect(uploaded.location).toBe(`/dashboard/products/${digitalId}/secure-files?notice=secure-file-added`)
    const page = await browser.get(uploaded.location!)
    expect(page.text).toContain('File added.')
    expect(page.text).toContain('>Document<')
    const href = page.text.match(/href="([^"]*\/downloads\/v1\/files\/[^"]*)"/)![1]!.replaceAll('&amp;', '&')
    const downloaded = await dashboard.app.request(href)
    expect(downloaded.status).toBe(200)
    expect(await downloaded.text()).toBe('%PDF-1.4\n%%EOF\n')
    const fileId = page.text.match(/data-file-id="([^"]+)"/)![1]!
    const removed = await browser.submit(`/dashboard/products/${digitalId}/secure-files/${fileId}/delete`)
    expect(removed.status).toBe(303)
    expect((await browser.get(removed.location!)).text).toContain('No files yet.')
  })

  it('returns to the including page of the same product only', async () => {
    const data = pdf()
    data.append('returnTo', `/dashboard/products/${digitalId}`)
    const back = await browser.postMultipart(`/dashboard/products/${digitalId}/secure-files`, data)
    expect(back.location).toBe(`/dashboard/products/${digitalId}?notice=secure-file-added`)
    const elsewhere = pdf()
    elsewhere.append('returnTo', 'https://evil.example/')
    const safe = await browser.postMultipart(`/dashboard/products/${digitalId}/secure-files`, elsewhere)
    expect(safe.location).toBe(`/dashboard/products/${digitalId}/secure-files?notice=secure-file-added`)
  })

  it('shows a digital product’s files in its editor, whose upload comes back to the editor', async () => {
    const data = pdf('planner.pdf')
    data.append('returnTo', `/dashboard/products/${digitalId}`)
    await browser.postMultipart(`/dashboard/products/${digitalId}/secure-files`, data)
    const editor = await browser.get(`/dashboard/products/${digitalId}`)
    expect(editor.status).toBe(200)
    expect(editor.text).toContain('data-editor-section="secure-files"')
    expect(editor.text).toContain('Files buyers download')
    expect(editor.text).toContain('planner.pdf')
    expect(editor.text).toContain(`name="returnTo" value="/dashboard/products/${digitalId}"`)
    const physical = await browser.get(`/dashboard/products/${physicalId}`)
    expect(physical.text).toContain('Make this a digital product')
  })

  it('shows a refused type, or a physical product, beside the form and stores nothing', async () => {
    const before = await db.query('select id from product_secure_files')
    const refused = await browser.postMultipart(
      `/dashboard/products/${digitalId}/secure-files`,
      pdf('tool.exe', 'application/x-msdownload'),
    )
    expect(refused.status).toBe(415)
    expect(refused.text).toContain('is none of them')
    const physical = await browser.postMultipart(`/dashboard/products/${physicalId}/secure-files`, pdf())
    expect(physical.status).toBe(409)
    expect((await browser.get(`/dashboard/products/${physicalId}/secure-files`)).text).toContain(
      'Make this a digital product',
    )
    expect(await db.query('select id from product_secure_files')).toEqual(before)
  })
})
