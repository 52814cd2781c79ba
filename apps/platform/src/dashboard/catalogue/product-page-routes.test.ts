import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import type { Db } from '../../db/db.ts'
import { testMp4 } from '../../media/test-videos.ts'
import { DEMO_CLIENT_ID } from '../../seed/demo-ids.ts'
import { DEMO_SITE_ID } from '../../seed/demo-store.ts'
import { createApiKey } from '../../sites/api-key-store.ts'
import { createDashboardPlatform, createTestBrowser } from '../../testing/dashboard-browser.ts'
import { databaseKinds, openTestDatabase } from '../../testing/test-database.ts'
import { productEditorSections } from './product-editor-sections.tsx'

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
      const hidden = await browser.get('/dashboard/products?status=hidden')
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

    it('puts price and stock right after the name and description, then pictures and options (a phone’s order)', async () => {
      // The markup's order is the phone's (one column, decision 100); on a laptop price and stock stand
      // beside the details in their own column.
      const page = (await browser.get(`/dashboard/products/${tee}`)).text
      const at = (heading: string) => page.indexOf(`id="${heading}-heading"`)
      const order = ['details', 'price', 'stock', 'images', 'options', 'more-details'].map(at)
      expect(order.every((position) => position > 0)).toBe(true)
      expect(order).toEqual([...order].sort((a, b) => a - b))
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
    it('creates a product with options, colour choices, variants and a collection, as the JSON API shows it', async () => {
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
        'option-0-choice-0-name': '42',
        // The page offers one empty choice row per option; more come with "Add choice".
        'option-0-choice-1-name': '43',
        'option-1-name': 'Color',
        'option-1-type': 'color',
        'option-1-choice-0-name': 'Moss',
        'option-1-choice-0-colour': '#2da44e',
        'option-1-choice-1-name': 'Sand',
        'option-1-choice-1-colour': '#d4a373',
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
      const variants = await api('POST', `/stores/v1/products/${id}/variants/query`, {})
      expect(variants.json.variants).toHaveLength(4)
      const page = await browser.get(`/dashboard/products/${id}`)
      expect(page.text).toMatch(/id="field-option-1-choice-0-colour"[^>]*type="color"[^>]*value="#2da44e"/)
    })

    it('refuses a colour that is no colour beside its choice row, keeping what was typed', async () => {
      await browser.get('/dashboard/products/new')
      const refused = await browser.submit('/dashboard/products', {
        name: 'Bad colours',
        price: '1',
        'option-0-name': 'Color',
        'option-0-type': 'color',
        'option-0-choice-0-name': 'Blue',
        'option-0-choice-0-colour': 'blue',
      })
      expect(refused.status).toBe(400)
      expect(refused.text).toMatch(/id="field-option-0-choice-0-colour"[^>]*aria-invalid="true"/)
      expect(refused.text).toContain('id="field-option-0-choice-0-colour-error">must be a colour as #rrggbb')
      expect(refused.text).toContain('Option 1, choice 1 colour must be a colour as #rrggbb')
      expect(refused.text).toMatch(/id="field-option-0-choice-0-name"[^>]*value="Blue"/)
      expect(await db.query("select id from products where name = 'Bad colours'")).toHaveLength(0)
    })
  })

  describe('the one save of the editor', () => {
    const tshirt = async () =>
      (await api('GET', `/stores/v1/products/${tee}?includeMerchantSpecificData=true`)).json.product

    it('saves fields, a variant, choice images and the image order in one post', async () => {
      await browser.get(`/dashboard/products/${tee}`)
      const form = browser.formOf(`/dashboard/products/${tee}`)
      const before = await tshirt()
      const ids: string[] = before.media.items.map((m: { id: string }) => m.id)
      expect(ids.length).toBeGreaterThan(1)
      const row = Object.keys(form)
        .find((name) => /^v-\d+-id$/.test(name))!
        .replace(/-id$/, '')
      // Color is the second option; Blue its first choice: it gets the product's last image only.
      expect(form['option-1-name']).toEqual(['Color'])
      expect(form['option-1-choice-0-name']).toEqual(['Blue'])
      const reversed = [...ids].reverse()
      const positions = Object.fromEntries(
        ids.map((id) => [`media-${id}-position`, String(reversed.indexOf(id) + 1)]),
      )
      const saved = await browser.submit(`/dashboard/products/${tee}`, {
        price: '26',
        [`${row}-price`]: '30',
        [`${row}-quantity`]: '2',
        'option-1-choice-0-media': [ids.at(-1)!],
        ...positions,
      })
      expect(saved.status).toBe(303)
      expect(saved.location).toBe(`/dashboard/products/${tee}?notice=saved`)
      const after = await tshirt()
      expect(after.priceData.price).toBe(26)
      expect(after.media.items.map((m: { id: string }) => m.id)).toEqual(reversed)
      const blue = after.productOptions[1].choices.find(
        (c: { description: string }) => c.description === 'Blue',
      )
      expect(blue.media.items.map((m: { id: string }) => m.id)).toEqual([ids.at(-1)])
      const variant = (
        await db.query<{ price_minor: number | null; quantity: number | null }>(
          'select price_minor, quantity from product_variants where id = $1',
          [form[`${row}-id`]![0]],
        )
      )[0]!
      expect(variant).toEqual({ price_minor: 3000, quantity: 2 })
      // A shopper's read answers the images in the merchant's order.
      const token = (await api('POST', '/oauth2/token', { clientId: DEMO_CLIENT_ID, grantType: 'anonymous' }))
        .json.access_token as string
      const visitor = await platform.app.request(`http://platform.test/stores/v1/products/${tee}`, {
        headers: { authorization: token },
      })
      const shown = (await visitor.json()) as { product: { media: { items: { id: string }[] } } }
      expect(shown.product.media.items.map((m) => m.id)).toEqual(reversed)
      // The variant's own price goes back to following the product; the order back as it was.
      await browser.get(`/dashboard/products/${tee}`)
      const back = Object.fromEntries(ids.map((id, index) => [`media-${id}-position`, String(index + 1)]))
      await browser.submit(`/dashboard/products/${tee}`, { [`${row}-price`]: '', ...back })
      expect((await tshirt()).media.items.map((m: { id: string }) => m.id)).toEqual(ids)
    })

    it('changes nothing when one choice row is refused, and shows why beside it', async () => {
      const before = await tshirt()
      await browser.get(`/dashboard/products/${tee}`)
      const form = browser.formOf(`/dashboard/products/${tee}`)
      const row = Object.keys(form)
        .find((name) => /^v-\d+-id$/.test(name))!
        .replace(/-id$/, '')
      const refused = await browser.submit(`/dashboard/products/${tee}`, {
        price: '99',
        [`${row}-price`]: '41',
        // A second "Blue" in the Color option: the domain refuses the repeat.
        'option-1-choice-2-name': 'Blue',
        'option-1-choice-2-colour': '#000000',
      })
      expect(refused.status).toBe(400)
      expect(refused.text).toContain('Nothing was saved')
      expect(refused.text).toMatch(/id="field-option-1-choice-2-name"[^>]*aria-invalid="true"/)
      expect(refused.text).toContain('id="field-option-1-choice-2-name-error">repeats &quot;Blue&quot;')
      // What the merchant typed is kept.
      expect(refused.text).toMatch(/id="field-price"[^>]*value="99"/)
      expect(refused.text).toMatch(new RegExp(`name="${row}-price"[^>]*value="41"`))
      const after = await tshirt()
      expect(after.lastUpdated).toBe(before.lastUpdated)
      expect(after.priceData.price).toBe(before.priceData.price)
      const prices = await db.query(
        'select id from product_variants where product_id = $1 and price_minor = 4100',
        [tee],
      )
      expect(prices).toHaveLength(0)
    })

    it('adds a row without JavaScript by re-rendering the form, saving nothing', async () => {
      const before = await tshirt()
      await browser.get(`/dashboard/products/${tee}`)
      const rows = (html: string) =>
        new Set([...html.matchAll(/name="option-(\d+)-name"/g)].map((m) => m[1])).size
      const choiceRows = (html: string) => [...html.matchAll(/name="option-1-choice-\d+-name"/g)].length
      const page = await browser.get(`/dashboard/products/${tee}`)
      const added = await browser.submit(`/dashboard/products/${tee}`, { intent: 'add-option', price: '31' })
      expect(added.status).toBe(200)
      // Two options, the empty row and the one added (the templates for the script come after the form).
      const form = (html: string) =>
        html.slice(0, html.indexOf('</form>', html.indexOf('id="product-editor"')))
      expect(rows(form(added.text))).toBe(rows(form(page.text)) + 1)
      expect(added.text).toMatch(/id="field-price"[^>]*value="31"/)
      const more = await browser.submit(`/dashboard/products/${tee}`, { intent: 'add-choice-1' })
      expect(choiceRows(form(more.text))).toBe(choiceRows(form(page.text)) + 1)
      const fewer = await browser.submit(`/dashboard/products/${tee}`, { intent: 'remove-choice-1-0' })
      expect(fewer.text).not.toMatch(/id="field-option-1-choice-0-name"[^>]*value="Blue"/)
      // A button names its row as drawn, though a row above it was emptied since.
      await browser.get(`/dashboard/products/${tee}`)
      expect(browser.formOf(`/dashboard/products/${tee}`)['option-1-choice-1-name']).toEqual(['Red'])
      const emptied = await browser.submit(`/dashboard/products/${tee}`, {
        'option-1-choice-0-name': '',
        intent: 'remove-choice-1-1',
      })
      expect(form(emptied.text)).not.toContain('value="Red"')
      expect((await tshirt()).lastUpdated).toBe(before.lastUpdated)
    })

    it('draws one pictures grid: a row per colour, a column per picture, none under the sizes', async () => {
      const page = await browser.get(`/dashboard/products/${tee}`)
      const before = await tshirt()
      const grid = page.text.slice(
        page.text.indexOf('data-pictures=""'),
        page.text.indexOf('</section>', page.text.indexOf('data-pictures=""')),
      )
      const colours = before.productOptions[1].choices.map((c: { description: string }) => c.description)
      const boxes = [...grid.matchAll(/<input type="checkbox"[^>]* name="option-(\d+)-choice-(\d+)-media"/g)]
      // Only Color (option 2) has boxes: one per colour and picture; Size's choices have none.
      expect(new Set(boxes.map((m) => m[1]))).toEqual(new Set(['1']))
      expect(boxes).toHaveLength(colours.length * before.media.items.length)
      expect(grid).toContain(`aria-label="Image 1 for ${colours[0]}"`)
      expect(page.text).not.toMatch(/name="option-0-choice-\d+-media"/)
      // The save bar is the form's last part, Discard a link back to the stored product.
      expect(page.text).toMatch(/data-save-bar=""(?! data-unsaved)/)
      expect(page.text).toContain(`href="/dashboard/products/${tee}" data-discard=""`)
    })

    it('keeps the pictures the API gave a size choice, which the grid does not show', async () => {
      const before = await tshirt()
      const image = before.media.items[0].id as string
      const size = before.productOptions[0].choices[0].description as string
      const set = await api('PATCH', `/stores/v1/products/${tee}/choices/media`, {
        media: [{ option: 'Size', choice: size, mediaIds: [image] }],
      })
      expect(set.status).toBe(200)
      const sizePictures = async () =>
        (await tshirt()).productOptions[0].choices[0].media.items.map((m: { id: string }) => m.id)
      expect(await sizePictures()).toEqual([image])
      await browser.get(`/dashboard/products/${tee}`)
      const saved = await browser.submit(`/dashboard/products/${tee}`, {
        price: String(before.priceData.price),
      })
      expect(saved.status).toBe(303)
      expect(await sizePictures()).toEqual([image])
      await api('POST', `/stores/v1/products/${tee}/choices/media/delete`, {
        media: [{ option: 'Size', choice: size }],
      })
    })

    it('fills a field of every variant without JavaScript, and shows a bad value beside each field', async () => {
      const before = await tshirt()
      await browser.get(`/dashboard/products/${tee}`)
      const filled = await browser.submit(`/dashboard/products/${tee}`, {
        intent: 'fill-variants',
        fillField: 'price',
        fillValue: '12.x',
      })
      expect(filled.status).toBe(200)
      const rows = [...filled.text.matchAll(/name="v-(\d+)-price"[^>]*value="([^"]*)"/g)]
      expect(rows.length).toBe(before.variants?.length ?? rows.length)
      expect(rows.length).toBeGreaterThan(1)
      expect(rows.every((m) => m[2] === '12.x')).toBe(true)
      // Not saved yet: the bar says so, and nothing changed.
      expect(filled.text).toContain('data-save-bar="" data-unsaved=""')
      expect((await tshirt()).lastUpdated).toBe(before.lastUpdated)
      const refused = await browser.submit(`/dashboard/products/${tee}`, {})
      expect(refused.status).toBe(400)
      expect(refused.text).toMatch(/id="field-v-0-price"[^>]*aria-invalid="true"/)
      expect(refused.text).toContain('id="field-v-0-price-error">Price must be a number such as 12.50')
      expect((await tshirt()).lastUpdated).toBe(before.lastUpdated)
      // A fill of every SKU, then saved: each variant has it.
      await browser.get(`/dashboard/products/${tee}`)
      await browser.submit(`/dashboard/products/${tee}`, {
        intent: 'fill-variants',
        fillField: 'quantity',
        fillValue: '7',
      })
      const saved = await browser.submit(`/dashboard/products/${tee}`, {})
      expect(saved.status).toBe(303)
      const quantities = await db.query<{ quantity: number | null }>(
        'select quantity from product_variants where product_id = $1',
        [tee],
      )
      expect(quantities.length).toBeGreaterThan(1)
      expect(quantities.every((row) => row.quantity === 7)).toBe(true)
    })

    it('uploads images for the script as JSON, and the plain form uploads several with the save', async () => {
      const before = await tshirt()
      await browser.get(`/dashboard/products/${tee}`)
      const one = new FormData()
      one.append('file', new Blob([PNG], { type: 'image/png' }), 'pixel.png')
      const uploaded = await browser.postMultipart('/dashboard/media', one)
      expect(uploaded.status).toBe(201)
      const image = JSON.parse(uploaded.text) as { id: string; thumbnailUrl: string }
      expect(image.thumbnailUrl).toContain(image.id)
      const bad = new FormData()
      bad.append('file', new Blob(['<svg/>'], { type: 'image/png' }), 'fake.png')
      const refused = await browser.postMultipart('/dashboard/media', bad)
      expect(refused.status).toBe(400)
      expect(JSON.parse(refused.text).message).toContain('must be a PNG, JPEG, GIF or WebP image')

      // The plain form: the script's upload in the list first, two files picked beside it.
      await browser.get(`/dashboard/products/${tee}`)
      const fields = browser.formOf(`/dashboard/products/${tee}`)
      const data = new FormData()
      for (const [name, values] of Object.entries(fields))
        for (const value of values) data.append(name, value)
      data.append('mediaIds', image.id)
      data.append('files', new Blob([PNG], { type: 'image/png' }), 'first.png')
      data.append('files', new Blob([PNG], { type: 'image/png' }), '图片 second.png')
      const saved = await browser.postMultipart(`/dashboard/products/${tee}`, data)
      expect(saved.status).toBe(303)
      const after = await tshirt()
      const ids = after.media.items.map((m: { id: string }) => m.id)
      expect(ids).toHaveLength(before.media.items.length + 3)
      expect(ids.at(-3)).toBe(image.id)
      expect(after.media.items.at(-1).title).toBe(' second.png')

      // Removing them is the same save.
      await browser.get(`/dashboard/products/${tee}`)
      const removed = await browser.submit(`/dashboard/products/${tee}`, { removeMediaIds: ids.slice(-3) })
      expect(removed.status).toBe(303)
      expect((await tshirt()).media.items).toHaveLength(before.media.items.length)
    })

    it('takes a video in the same ordered list with a poster picked among the images, and refuses one without', async () => {
      const before = await tshirt()
      await browser.get(`/dashboard/products/${tee}`)
      const file = new FormData()
      file.append('file', new Blob([testMp4({ width: 640, height: 360 })], { type: 'video/mp4' }), 'spin.mp4')
      const uploaded = await browser.postMultipart('/dashboard/media', file)
      expect(uploaded.status).toBe(201)
      const video = JSON.parse(uploaded.text) as { id: string }
      expect(video).toEqual({ id: video.id, title: 'spin.mp4', mediaType: 'video', thumbnailUrl: '' })

      // The video first in the list, no poster picked: refused at its poster picker, nothing saved.
      const listed = browser.formOf(`/dashboard/products/${tee}`).mediaIds!
      const first = { mediaIds: [video.id, ...listed], [`media-${video.id}-position`]: '0' }
      // The choices' picture lists name the video rather than draw an empty picture (React warns once).
      const warnings = vi.spyOn(console, 'error').mockImplementation(() => {})
      const refused = await browser.submit(`/dashboard/products/${tee}`, first)
      expect(warnings.mock.calls.flat().join('\n')).not.toMatch(/empty string/)
      warnings.mockRestore()
      expect(refused.status).toBe(400)
      expect(refused.text).toMatch(new RegExp(`id="field-poster-${video.id}"[^>]*aria-invalid="true"`))
      expect(refused.text).toContain('Video poster is required: choose one of the images')
      expect((await tshirt()).lastUpdated).toBe(before.lastUpdated)

      // The page drawn again offers the product's images as posters.
      const poster = before.media.items[0].id as string
      expect(refused.text).toMatch(new RegExp(`<option value="${poster}">`))
      const saved = await browser.submit(`/dashboard/products/${tee}`, { [`poster-${video.id}`]: poster })
      expect(saved.status).toBe(303)
      const after = await tshirt()
      expect(after.media.mainMedia).toMatchObject({
        id: video.id,
        mediaType: 'video',
        video: { stillFrameMediaId: poster, resolutions: [{ width: 640, height: 360, format: 'mp4' }] },
        thumbnail: { url: before.media.items[0].thumbnail.url },
      })
      expect(after.media.items.map((m: { id: string }) => m.id)).toEqual([
        video.id,
        ...before.media.items.map((m: { id: string }) => m.id),
      ])
      const page = await browser.get(`/dashboard/products/${tee}`)
      expect(page.text).toMatch(new RegExp(`<option value="${poster}" selected="">`))

      const removed = await browser.submit(`/dashboard/products/${tee}`, { removeMediaIds: [video.id] })
      expect(removed.status).toBe(303)
      expect((await tshirt()).media.items).toHaveLength(before.media.items.length)
    })

    it('refuses an image of another store and a file that is no image, saving nothing', async () => {
      const before = await tshirt()
      await browser.get(`/dashboard/products/${tee}`)
      const foreign = await browser.submit(`/dashboard/products/${tee}`, {
        mediaIds: ['00000000-0000-4000-8000-000000000000'],
      })
      expect(foreign.status).toBe(400)
      expect(foreign.text).toContain('Images is no image or video uploaded to this store')
      const fields = browser.formOf(`/dashboard/products/${tee}`)
      const data = new FormData()
      for (const [name, values] of Object.entries(fields))
        for (const value of values) data.append(name, value)
      data.append('files', new Blob(['<svg/>'], { type: 'image/png' }), 'fake.png')
      const notImage = await browser.postMultipart(`/dashboard/products/${tee}`, data)
      expect(notImage.status).toBe(400)
      expect(notImage.text).toContain('fake.png must be a PNG, JPEG, GIF or WebP image')
      expect((await tshirt()).lastUpdated).toBe(before.lastUpdated)
    })

    it('shows the price in each display currency, read-only, with a link to the rates', async () => {
      await browser.get('/dashboard/setup/currencies')
      await browser.submit('/dashboard/setup/currencies', { 'cur-0-code': 'EUR', 'cur-0-rate': '0.5' })
      const page = await browser.get(`/dashboard/products/${tee}`)
      const price = (await tshirt()).priceData.discountedPrice as number
      expect(page.text).toContain(`€${(price / 2).toFixed(2)}`)
      expect(page.text).toContain('href="/dashboard/setup/currencies"')
      expect(page.text).not.toMatch(/name="[^"]*EUR/)
    })

    it('refuses a save without the session’s token or session, changing nothing', async () => {
      const before = await tshirt()
      await browser.get(`/dashboard/products/${tee}`)
      const fields = browser.formOf(`/dashboard/products/${tee}`)
      expect(
        (await browser.post(`/dashboard/products/${tee}`, { ...fields, price: '1', csrf: '' })).status,
      ).toBe(403)
      const upload = new FormData()
      upload.append('csrf', 'x'.repeat(43))
      upload.append('file', new Blob([PNG], { type: 'image/png' }), 'pixel.png')
      expect((await browser.postMultipart('/dashboard/media', upload)).status).toBe(403)
      const stranger = createTestBrowser(platform.app)
      const anonymous = await stranger.post(`/dashboard/products/${tee}`, { ...fields, price: '1' })
      expect(anonymous.status).toBe(303)
      expect(anonymous.location).toContain('/dashboard/login')
      expect((await tshirt()).lastUpdated).toBe(before.lastUpdated)
    })

    it('renders the extra sections of the editor below its form', async () => {
      productEditorSections.push({
        id: 'test-section',
        render: async ({ product }) => `Files of ${product?.name}`,
      })
      try {
        const page = await browser.get(`/dashboard/products/${tee}`)
        expect(page.text).toContain('<div data-editor-section="test-section">Files of Classic Tee</div>')
      } finally {
        productEditorSections.pop()
      }
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
