import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Db } from '../../db/db.ts'
import { DEMO_SITE_ID } from '../../seed/demo-store.ts'
import { createApiKey } from '../../sites/api-key-store.ts'
import { createDashboardPlatform, createTestBrowser } from '../../testing/dashboard-browser.ts'
import { databaseKinds, openTestDatabase } from '../../testing/test-database.ts'

// The smallest PNG: 1×1 pixel.
const PNG = Uint8Array.from(
  Buffer.from(
    'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
    'base64',
  ),
)

describe.each(databaseKinds())('dashboard products on %s', (kind) => {
  let db: Db
  let platform: Awaited<ReturnType<typeof createDashboardPlatform>>
  let browser: ReturnType<typeof createTestBrowser>
  let headers: Record<string, string>
  let tee: string
  const api = async (method: string, path: string, body?: unknown) => {
    const response = await platform.app.request(`http://platform.test${path}`, {
      method,
      headers: { ...headers, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
      body: body === undefined ? undefined : JSON.stringify(body),
    })
    return { status: response.status, json: (await response.json()) as Record<string, any> }
  }
  beforeAll(async () => {
    db = await openTestDatabase(kind)
    platform = await createDashboardPlatform(db)
    browser = createTestBrowser(platform.app)
    await browser.signIn()
    const { key } = await createApiKey(
      db,
      { siteId: DEMO_SITE_ID, name: 'test', permissions: ['catalogue'] },
      new Date(),
    )
    headers = { authorization: key, 'aisle-site-id': DEMO_SITE_ID }
    tee = (await db.query<{ id: string }>("select id from products where slug = 'classic-tee'"))[0]!.id
  })
  afterAll(() => db.close())

  describe('GET /dashboard/products', () => {
    it('searches, filters and pages, hidden products included', async () => {
      const all = await browser.get('/dashboard/products')
      expect(all.text).toContain('42 products')
      expect(all.text).toContain('Page 1 of 3')
      expect((await browser.get('/dashboard/products?page=3')).text).toMatch(/Previous page/)
      const search = await browser.get('/dashboard/products?q=tee')
      expect(search.text).toContain('2 products')
      expect(search.text).toContain('Classic Tee')
      const collection = (
        await db.query<{ id: string }>("select id from collections where slug = 'outerwear'")
      )[0]!.id
      const outOfStock = await browser.get(`/dashboard/products?collection=${collection}&stock=out`)
      expect(outOfStock.text).toContain('1 product')
      expect(outOfStock.text).toContain('Summit Parka')
      await api('PATCH', `/stores/v1/products/${tee}`, { product: { visible: false } })
      const hidden = await browser.get('/dashboard/products?visibility=hidden')
      expect(hidden.text).toContain('1 product')
      expect(hidden.text).toContain('Classic Tee')
      await api('PATCH', `/stores/v1/products/${tee}`, { product: { visible: true } })
    })
  })

  describe('POST /dashboard/products/:id', () => {
    it('saves an edit through the merchant API: the API answers the new price, the event names the site owner', async () => {
      await browser.get(`/dashboard/products/${tee}`)
      const saved = await browser.submit(`/dashboard/products/${tee}`, {
        price: '27.5',
        ribbon: 'Best seller',
      })
      expect(saved.status).toBe(303)
      expect(saved.location).toBe(`/dashboard/products/${tee}?notice=saved`)
      expect((await browser.get(saved.location!)).text).toContain('Saved.')
      const { json } = await api('GET', `/stores/v1/products/${tee}`)
      expect(json.product.priceData.price).toBe(27.5)
      expect(json.product.priceData.discountedPrice).toBe(22)
      expect(json.product.ribbon).toBe('Best seller')
      // Untouched fields and every variant's own data stay as they were.
      expect(json.product.productOptions.map((o: { name: string }) => o.name)).toEqual(['Size', 'Color'])
      // Tees & Tops and Sale, as seeded.
      expect(json.product.collectionIds).toHaveLength(2)
      const events = await db.query<{ identity: { identityType: string; siteUserId?: string } }>(
        "select identity from events where entity_id = $1 and type = 'product.changed'",
        [tee],
      )
      expect(events.map((e) => e.identity)).toContainEqual({
        identityType: 'SITE_USER',
        siteUserId: platform.owner.id,
      })
    })

    it('shows the API’s field violations beside the fields and changes nothing', async () => {
      const before = await api('GET', `/stores/v1/products/${tee}`)
      await browser.get(`/dashboard/products/${tee}`)
      const percent = await browser.submit(`/dashboard/products/${tee}`, {
        discountType: 'PERCENT',
        discountValue: '150',
      })
      expect(percent.status).toBe(400)
      expect(percent.text).toContain('Nothing was saved')
      expect(percent.text).toMatch(/id="field-discountValue-error">must be at most 100 for PERCENT/)
      const refused = await browser.submit(`/dashboard/products/${tee}`, { price: '-3', name: '' })
      expect(refused.status).toBe(400)
      expect(refused.text).toMatch(/id="field-price"[^>]*aria-invalid="true"/)
      expect(refused.text).toMatch(/id="field-name"[^>]*aria-invalid="true"/)
      const notANumber = await browser.submit(`/dashboard/products/${tee}`, { price: 'twelve' })
      expect(notANumber.status).toBe(400)
      expect(notANumber.text).toContain('must be a number such as 12.50')
      const after = await api('GET', `/stores/v1/products/${tee}`)
      expect(after.json.product.lastUpdated).toBe(before.json.product.lastUpdated)
    })
  })

  describe('cost in the dashboard', () => {
    it('shows each product’s cost range in the list and on its page, as the merchant API answers it', async () => {
      const { json } = await api('GET', `/stores/v1/products/${tee}?includeMerchantSpecificData=true`)
      const { minValue, maxValue } = json.product.costRange
      const money = (n: number) => `$${n.toFixed(2)}`
      const shown = minValue === maxValue ? money(minValue) : `${money(minValue)} – ${money(maxValue)}`
      expect((await browser.get('/dashboard/products?q=classic+tee')).text).toContain(
        `<td class="number">${shown}</td>`,
      )
      expect((await browser.get(`/dashboard/products/${tee}`)).text).toContain(`cost ${shown}`)
    })
  })

  describe('the unit price of the product form', () => {
    it('saves, shows and removes a unit price with the plain form', async () => {
      await browser.get(`/dashboard/products/${tee}`)
      const saved = await browser.submit(`/dashboard/products/${tee}`, {
        unitTotalQuantity: '0.25',
        unitTotalUnit: 'KG',
        unitBaseQuantity: '100',
        unitBaseUnit: 'G',
      })
      expect(saved.status).toBe(303)
      const { json } = await api('GET', `/stores/v1/products/${tee}`)
      expect(json.product.pricePerUnitData).toEqual({
        totalQuantity: 0.25,
        totalMeasurementUnit: 'KG',
        baseQuantity: 100,
        baseMeasurementUnit: 'G',
      })
      const page = await browser.get(`/dashboard/products/${tee}`)
      expect(page.text).toContain(`${json.product.priceData.formatted.pricePerUnit} / 100 g`)
      expect(page.text).toMatch(/<option value="KG" selected="">kg<\/option>/)
      const cleared = await browser.submit(`/dashboard/products/${tee}`, { unitTotalQuantity: '' })
      expect(cleared.status).toBe(303)
      expect((await api('GET', `/stores/v1/products/${tee}`)).json.product.pricePerUnitData).toBeUndefined()
    })

    it('shows a unit price per a unit of another kind beside its field and saves nothing', async () => {
      const before = await api('GET', `/stores/v1/products/${tee}`)
      await browser.get(`/dashboard/products/${tee}`)
      const refused = await browser.submit(`/dashboard/products/${tee}`, {
        unitTotalQuantity: '1',
        unitTotalUnit: 'KG',
        unitBaseQuantity: '100',
        unitBaseUnit: 'ML',
      })
      expect(refused.status).toBe(400)
      expect(refused.text).toMatch(/id="field-unitBaseUnit-error">must measure mass like KG/)
      const after = await api('GET', `/stores/v1/products/${tee}`)
      expect(after.json.product.lastUpdated).toBe(before.json.product.lastUpdated)
    })
  })

  describe('POST /dashboard/products', () => {
    it('creates a product with options, variants and a collection, as the JSON API shows it', async () => {
      const collection = (
        await db.query<{ id: string }>("select id from collections where slug = 'footwear'")
      )[0]!.id
      await browser.get('/dashboard/products/new')
      const created = await browser.submit('/dashboard/products', {
        name: 'Trail Runner',
        price: '120',
        cost: '50',
        sku: 'TR-1',
        'option-0-name': 'Size',
        'option-0-choices': '42\n43',
        'option-1-name': 'Color',
        'option-1-type': 'color',
        'option-1-choices': 'Moss = #2da44e\nSand = #d4a373',
        collectionIds: [collection],
      })
      expect(created.status).toBe(303)
      const id = /\/dashboard\/products\/([0-9a-f-]{36})\?notice=product-created/.exec(created.location!)![1]!
      const { json } = await api('GET', `/stores/v1/products/${id}?includeMerchantSpecificData=true`)
      expect(json.product).toMatchObject({
        name: 'Trail Runner',
        slug: 'trail-runner',
        sku: 'TR-1',
        visible: true,
      })
      expect(json.product.costAndProfitData.itemCost).toBe(50)
      expect(json.product.collectionIds).toEqual([collection])
      expect(json.product.productOptions[1].choices.map((c: { value: string }) => c.value)).toEqual([
        '#2da44e',
        '#d4a373',
      ])
      // Hidden variants are still variants: the merchant sees all four.
      const variants = await api('POST', `/stores/v1/products/${id}/variants/query`, {})
      expect(variants.json.variants).toHaveLength(4)
    })

    it('refuses a colour that is no colour, naming the option', async () => {
      await browser.get('/dashboard/products/new')
      const refused = await browser.submit('/dashboard/products', {
        name: 'Bad colours',
        price: '1',
        visible: 'on',
        'option-0-name': 'Color',
        'option-0-type': 'color',
        'option-0-choices': 'Blue = blue',
      })
      expect(refused.status).toBe(400)
      expect(refused.text).toMatch(/id="field-option-0-choices"[^>]*aria-invalid="true"/)
      expect(refused.text).toContain('must be a colour as #rrggbb')
      expect(refused.text).toContain('Blue = blue')
    })
  })

  describe('POST /dashboard/products/:id/variants', () => {
    it('gives one variant its own price and stock, leaving the others to follow the product', async () => {
      await browser.get(`/dashboard/products/${tee}`)
      const form = browser.formOf(`/dashboard/products/${tee}/variants`)
      const row = Object.keys(form)
        .find((name) => /^v-\d+-id$/.test(name) && form[name]![0])!
        .replace(/-id$/, '')
      const saved = await browser.submit(`/dashboard/products/${tee}/variants`, {
        [`${row}-price`]: '30',
        [`${row}-quantity`]: '2',
      })
      expect(saved.status).toBe(303)
      const variants = await db.query<{ id: string; price_minor: number | null; quantity: number | null }>(
        'select id, price_minor, quantity from product_variants where product_id = $1 order by position',
        [tee],
      )
      const changed = variants.find((v) => v.id === form[`${row}-id`]![0])!
      expect(changed.price_minor).toBe(3000)
      expect(changed.quantity).toBe(2)
      expect(variants.filter((v) => v.id !== changed.id && v.price_minor === 3000)).toHaveLength(0)
      // Nothing changed: nothing sent.
      await browser.get(`/dashboard/products/${tee}`)
      const again = await browser.submit(`/dashboard/products/${tee}/variants`)
      expect(again.location).toContain('notice=variants-unchanged')
    })
  })

  describe('POST /dashboard/products/:id/media', () => {
    it('uploads an image to the product and to a choice, then removes it', async () => {
      const { json: before } = await api('GET', `/stores/v1/products/${tee}`)
      await browser.get(`/dashboard/products/${tee}`)
      const form = new FormData()
      form.append('file', new Blob([PNG], { type: 'image/png' }), 'pixel.png')
      form.append('choice', '1:0') // Color: Blue
      const uploaded = await browser.postMultipart(`/dashboard/products/${tee}/media`, form)
      expect(uploaded.status).toBe(303)
      const { json } = await api('GET', `/stores/v1/products/${tee}`)
      expect(json.product.media.items).toHaveLength(before.product.media.items.length + 1)
      const added = json.product.media.items.at(-1)
      expect(added.image).toMatchObject({ width: 1, height: 1 })
      const blue = json.product.productOptions[1].choices.find(
        (c: { description: string }) => c.description === 'Blue',
      )
      expect(blue.media.items.map((m: { id: string }) => m.id)).toContain(added.id)

      await browser.get(`/dashboard/products/${tee}`)
      const removed = await browser.post(`/dashboard/products/${tee}/media/delete`, { mediaId: added.id })
      expect(removed.status).toBe(303)
      const after = await api('GET', `/stores/v1/products/${tee}`)
      expect(after.json.product.media.items).toHaveLength(before.product.media.items.length)
    })

    it('takes a file whose name is not Latin-1, keeping what of the name is plain', async () => {
      await browser.get(`/dashboard/products/${tee}`)
      const form = new FormData()
      form.append('file', new Blob([PNG], { type: 'image/png' }), '图片 pixel.png')
      const uploaded = await browser.postMultipart(`/dashboard/products/${tee}/media`, form)
      expect(uploaded.status).toBe(303)
      const named = await db.query("select id from media_files where file_name = ' pixel.png'")
      expect(named).toHaveLength(1)
    })

    it('refuses a file that is no image', async () => {
      await browser.get(`/dashboard/products/${tee}`)
      const form = new FormData()
      form.append('file', new Blob(['<svg/>'], { type: 'image/png' }), 'fake.png')
      const refused = await browser.postMultipart(`/dashboard/products/${tee}/media`, form)
      expect(refused.status).toBe(400)
      expect(refused.text).toContain('must be a PNG, JPEG, GIF or WebP image')
    })

    it('sets the images of each choice', async () => {
      await browser.get(`/dashboard/products/${tee}`)
      const form = browser.formOf(`/dashboard/products/${tee}/choice-media`)
      const redImages = form['choice-1:1']!
      const saved = await browser.submit(`/dashboard/products/${tee}/choice-media`, {
        'choice-1:0': redImages,
        'choice-1:1': undefined,
      })
      expect(saved.status).toBe(303)
      const { json } = await api('GET', `/stores/v1/products/${tee}`)
      const [blue, red] = json.product.productOptions[1].choices
      expect(blue.media.items.map((m: { id: string }) => m.id)).toEqual(redImages)
      expect(red.media.items).toEqual([])
    })
  })

  describe('POST /dashboard/products/:id/delete', () => {
    it('deletes the product', async () => {
      const id = (await db.query<{ id: string }>("select id from products where slug = 'harbor-teapot'"))[0]!
        .id
      await browser.get(`/dashboard/products/${id}`)
      const deleted = await browser.post(`/dashboard/products/${id}/delete`)
      expect(deleted.location).toBe('/dashboard/products?notice=product-deleted')
      expect((await api('GET', `/stores/v1/products/${id}`)).status).toBe(404)
    })
  })
})
