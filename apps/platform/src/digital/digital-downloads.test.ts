import { randomBytes, randomUUID } from 'node:crypto'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createApp } from '../app.ts'
import { saveCheckoutChoices } from '../checkout/checkout-store.ts'
import { placeOrder } from '../checkout/place-order.ts'
import type { Db } from '../db/db.ts'
import type { OrderPayment } from '../orders/order-store.ts'
import { seedDemoCommerce } from '../seed/demo-commerce.ts'
import { DEMO_CLIENT_ID } from '../seed/demo-ids.ts'
import { DEMO_SITE_ID } from '../seed/demo-store.ts'
import { createApiKey } from '../sites/api-key-store.ts'
import { findClassicTee } from '../testing/placed-orders.ts'
import { BROOKLYN_ADDRESS } from '../testing/shopper-address.ts'
import { databaseKinds, openTestDatabase } from '../testing/test-database.ts'
import { createTestClock, TEST_PUBLIC_URL } from '../testing/test-platform.ts'
import { fileLink, orderDownloadsLink } from './download-links.ts'
import { createLinkSigner } from './signed-links.ts'

const PDF = new TextEncoder().encode('%PDF-1.4\n% a printable pattern\n%%EOF\n')

// Digital products end to end through the real app: a merchant's secure file, a paid order's links,
// and every refusal (decision 047).
describe.each(databaseKinds())('digital products and their downloads on %s', (kind) => {
  let db: Db
  let app: ReturnType<typeof createApp>
  const clock = createTestClock()
  const key = randomBytes(32)
  const signer = createLinkSigner(key)
  let apiKey: string
  let productId: string
  let teeId: string
  let tee: { id: string; variantId: string }

  beforeAll(async () => {
    db = await openTestDatabase(kind)
    app = createApp({
      db,
      publicUrl: TEST_PUBLIC_URL,
      clock,
      signingKey: key,
      // The orders here are placed without a provider's payment: the desk's refunds are taken as given.
      orderRefunds: { refund: async () => ({ status: 'REFUNDED', refundId: `re_${randomUUID()}` }) },
    })
    apiKey = (
      await createApiKey(
        db,
        { siteId: DEMO_SITE_ID, name: 'digital', permissions: ['catalogue', 'orders'] },
        clock(),
      )
    ).key
    const [product] = await db.query<{ id: string }>(
      `update products set product_type = 'digital', track_inventory = false, in_stock = true
        where slug = 'meadow-notebook' returning id`,
    )
    productId = product!.id
    // The demo's shipping regions, for the orders that carry a tee beside the digital product.
    await seedDemoCommerce(db, DEMO_SITE_ID, clock())
    tee = await findClassicTee(db)
    teeId = tee.id
  })
  afterAll(() => db.close())

  async function call(
    method: string,
    path: string,
    options: { token?: string; body?: unknown; bytes?: Uint8Array; headers?: Record<string, string> } = {},
  ) {
    const headers: Record<string, string> = { ...options.headers }
    if (options.token) headers.authorization = options.token
    if (options.body !== undefined) headers['content-type'] = 'application/json'
    const response = await app.request(path.startsWith('http') ? path : `${TEST_PUBLIC_URL}${path}`, {
      method,
      headers,
      body:
        (options.bytes as BodyInit | undefined) ??
        (options.body === undefined ? undefined : JSON.stringify(options.body)),
    })
    const bytes = new Uint8Array(await response.arrayBuffer())
    const text = new TextDecoder().decode(bytes)
    let json: Record<string, any> = {}
    try {
      json = JSON.parse(text)
    } catch {}
    return { status: response.status, headers: response.headers, json, text, bytes }
  }

  const asMerchant = { authorization: '', 'aisle-site-id': DEMO_SITE_ID }
  const merchant = () => ({ ...asMerchant, authorization: apiKey })

  async function upload(id: string, bytes: Uint8Array, contentType: string, fileName = 'pattern.pdf') {
    return call('POST', `/stores/v1/products/${id}/secure-files`, {
      bytes,
      headers: { ...merchant(), 'content-type': contentType, 'x-file-name': fileName },
    })
  }

  async function visitorToken() {
    const response = await call('POST', '/oauth2/token', {
      body: { clientId: DEMO_CLIENT_ID, grantType: 'anonymous' },
    })
    return response.json.access_token as string
  }

  /**
   * Places an order of the digital product (no shipping) as a new visitor, with a tee beside it when
   * `withTee` (shipped by the standard option); paid unless told otherwise.
   */
  async function buy(options: { paid?: boolean; withTee?: boolean } = {}) {
    const token = await visitorToken()
    const references = [
      { catalogItemId: productId },
      ...(options.withTee ? [{ catalogItemId: tee.id, options: { variantId: tee.variantId } }] : []),
    ]
    await call('POST', '/ecom/v1/carts/current/add-to-cart', {
      token,
      body: { lineItems: references.map((catalogReference) => ({ catalogReference, quantity: 1 })) },
    })
    const { checkoutId } = (await call('POST', '/ecom/v1/carts/current/create-checkout', { token, body: {} }))
      .json
    await saveCheckoutChoices(
      db,
      checkoutId,
      {
        email: 'maker@example.com',
        shippingAddress: BROOKLYN_ADDRESS,
        billingAddress: BROOKLYN_ADDRESS,
        selectedShippingOption: options.withTee ? { code: 'standard' } : undefined,
      },
      clock(),
    )
    const payment: OrderPayment =
      options.paid === false
        ? { status: 'NOT_PAID', provider: 'offline' }
        : { status: 'PAID', provider: 'test-card', transactionId: `t_${checkoutId}`, cardLast4: '4242' }
    const downloadsLink = (orderId: string, now: Date) =>
      orderDownloadsLink(
        { signer, publicUrl: TEST_PUBLIC_URL },
        orderId,
        new Date(now.getTime() + 86_400_000),
      )
    const first = await placeOrder(db, {
      publicUrl: TEST_PUBLIC_URL,
      checkoutId,
      expectedTotalMinor: -1,
      payment,
      now: clock(),
      downloadsLink,
    })
    if (first.kind !== 'price-changed') throw new Error('expected the total first')
    const placed = await placeOrder(db, {
      publicUrl: TEST_PUBLIC_URL,
      checkoutId,
      expectedTotalMinor: first.totalMinor,
      payment,
      now: clock(),
      downloadsLink,
    })
    if (placed.kind !== 'placed') throw new Error('not placed')
    return { token, orderId: placed.orderId, totalMinor: first.totalMinor }
  }

  let fileId: string

  it('takes a PDF as a secure document of a digital product, with a merchant link that expires', async () => {
    const uploaded = await upload(productId, PDF, 'application/pdf')
    expect(uploaded.status).toBe(200)
    const file = uploaded.json.secureFile
    fileId = file.id
    expect(file).toMatchObject({
      fileName: 'pattern.pdf',
      fileType: 'SECURE_DOCUMENT',
      sizeInBytes: PDF.length,
    })
    expect(file.urlExpirationDate).toBe(new Date(clock().getTime() + 15 * 60_000).toISOString())
    const listed = await call('GET', `/stores/v1/products/${productId}/secure-files`, { headers: merchant() })
    expect(listed.json.secureFiles.map((f: { id: string }) => f.id)).toEqual([fileId])
    const downloaded = await call('GET', file.url)
    expect(downloaded.status).toBe(200)
    expect(downloaded.bytes).toEqual(PDF)
    expect(downloaded.headers.get('content-disposition')).toContain('attachment; filename="pattern.pdf"')
    expect(downloaded.headers.get('cache-control')).toBe('private, no-store')
  })

  it('tells each FileType by the content type and refuses other types, physical products and shoppers', async () => {
    for (const [type, expected] of [
      ['image/png', 'SECURE_PICTURE'],
      ['video/mp4', 'SECURE_VIDEO'],
      ['audio/mpeg', 'SECURE_MUSIC'],
      ['application/zip', 'SECURE_ARCHIVE'],
    ] as const) {
      const uploaded = await upload(productId, new Uint8Array([1, 2, 3]), type, `f.${type.split('/')[1]}`)
      expect(uploaded.json.secureFile.fileType).toBe(expected)
      await call('DELETE', `/stores/v1/products/${productId}/secure-files/${uploaded.json.secureFile.id}`, {
        headers: merchant(),
      })
    }
    const exe = await upload(productId, new Uint8Array([77, 90]), 'application/x-msdownload', 'a.exe')
    expect(exe.status).toBe(415)
    expect(exe.json.details.applicationError.code).toBe('SECURE_FILE_TYPE_NOT_ACCEPTED')
    const svg = await upload(productId, new TextEncoder().encode('<svg/>'), 'image/svg+xml')
    expect(svg.json.details.applicationError.code).toBe('SECURE_FILE_TYPE_NOT_ACCEPTED')
    const empty = await upload(productId, new Uint8Array(0), 'application/pdf')
    expect(empty.status).toBe(400)
    expect((await upload(teeId, PDF, 'application/pdf')).json.details.applicationError.code).toBe(
      'PRODUCT_NOT_DIGITAL',
    )
    const shopper = await call('POST', `/stores/v1/products/${productId}/secure-files`, {
      bytes: PDF,
      headers: { authorization: await visitorToken(), 'content-type': 'application/pdf' },
    })
    expect(shopper.status).toBe(403)
    const listed = await call('GET', `/stores/v1/products/${productId}/secure-files`, { headers: merchant() })
    expect(listed.json.secureFiles).toHaveLength(1)
  })

  it('keeps secure files out of the shopper’s product answer', async () => {
    const token = await visitorToken()
    const product = await call('GET', `/stores/v1/products/${productId}`, { token })
    expect(product.status).toBe(200)
    expect(product.text).not.toContain(fileId)
    expect(product.text).not.toContain('/downloads/')
  })

  it('gives the buyer of a paid order a link that downloads the file until it expires', async () => {
    const { token, orderId } = await buy()
    const order = (await call('GET', `/ecom/v1/orders/${orderId}`, { token })).json.order
    expect(order.shippingInfo).toBeNull()
    const line = order.lineItems[0]
    expect(line.digitalFile).toMatchObject({
      fileId,
      expirationDate: new Date(clock().getTime() + 15 * 60_000).toISOString(),
    })
    expect(line.digitalFiles).toEqual([
      expect.objectContaining({ fileId, fileName: 'pattern.pdf', fileType: 'SECURE_DOCUMENT' }),
    ])
    const listed = (await call('GET', '/ecom/v1/orders', { token })).json.orders[0]
    expect(listed.lineItems[0].digitalFile.fileId).toBe(fileId)
    const link = line.digitalFile.link as string
    const downloaded = await call('GET', link)
    expect(downloaded.status).toBe(200)
    expect(downloaded.bytes).toEqual(PDF)

    clock.advance(15 * 60 + 1)
    const late = await call('GET', link)
    expect(late.status).toBe(410)
    expect(late.json.details.applicationError.code).toBe('DOWNLOAD_LINK_EXPIRED')
    // A page read after that signs a new link.
    const again = (await call('GET', `/ecom/v1/orders/${orderId}`, { token })).json.order
    expect((await call('GET', again.lineItems[0].digitalFile.link)).status).toBe(200)
  })

  it('refuses an altered link, another order’s, and a stranger’s look at the order', async () => {
    const { token, orderId } = await buy()
    const link = new URL(
      (await call('GET', `/ecom/v1/orders/${orderId}`, { token })).json.order.lineItems[0].digitalFile.link,
    )
    const altered = (change: (url: URL) => void) => {
      const url = new URL(link)
      change(url)
      return call('GET', url.toString())
    }
    const cases = [
      (url: URL) => url.searchParams.set('signature', `${url.searchParams.get('signature')!.slice(0, -2)}AA`),
      (url: URL) => url.searchParams.set('expires', String(Number(url.searchParams.get('expires')) + 3600)),
      (url: URL) => url.searchParams.delete('order'),
      (url: URL) => url.searchParams.set('order', '00000000-0000-4000-8000-000000000000'),
      (url: URL) => url.searchParams.set('signature', ''),
    ]
    for (const change of cases) {
      const refused = await altered(change)
      expect(refused.status).toBe(403)
      expect(refused.json.details.applicationError.code).toBe('DOWNLOAD_LINK_INVALID')
    }
    for (const change of [
      (url: URL) => url.searchParams.set('expires', 'soon'),
      (url: URL) => url.searchParams.delete('signature'),
      (url: URL) => {
        url.pathname = '/downloads/v1/files/not-an-id'
      },
    ]) {
      const refused = await altered(change)
      expect(refused.status).toBe(400)
    }
    const stranger = await visitorToken()
    expect((await call('GET', `/ecom/v1/orders/${orderId}`, { token: stranger })).status).toBe(404)
    const merchantView = await call('GET', '/ecom/v1/merchant/orders', { headers: merchant() })
    expect(merchantView.text).not.toContain('/downloads/v1/files/')
  })

  it('gives no links for an unpaid, canceled or fully refunded order, and refuses links made for one', async () => {
    const unpaid = await buy({ paid: false })
    const order = (await call('GET', `/ecom/v1/orders/${unpaid.orderId}`, { token: unpaid.token })).json.order
    expect(order.lineItems[0].digitalFile).toBeUndefined()
    const forged = fileLink(
      { signer, publicUrl: TEST_PUBLIC_URL },
      fileId,
      { orderId: unpaid.orderId },
      new Date(clock().getTime() + 60_000),
    )
    const refused = await call('GET', forged.url)
    expect(refused.status).toBe(403)
    expect(refused.json.details.applicationError.code).toBe('DOWNLOAD_NOT_ALLOWED')

    for (const change of ["status = 'CANCELED'", "payment_status = 'FULLY_REFUNDED'"]) {
      const paid = await buy()
      const link = (await call('GET', `/ecom/v1/orders/${paid.orderId}`, { token: paid.token })).json.order
        .lineItems[0].digitalFile.link
      await db.query(`update orders set ${change} where id = $1`, [paid.orderId])
      const after = (await call('GET', `/ecom/v1/orders/${paid.orderId}`, { token: paid.token })).json.order
      expect(after.lineItems[0].digitalFile).toBeUndefined()
      expect((await call('GET', link)).json.details.applicationError.code).toBe('DOWNLOAD_NOT_ALLOWED')
    }
  })

  /** The merchant's refund through the order desk's JSON call. */
  async function refund(orderId: string, body: Record<string, unknown>) {
    const refunded = await call('POST', `/ecom/v1/merchant/orders/${orderId}/refund`, {
      headers: { ...merchant(), 'idempotency-key': randomUUID() },
      body,
    })
    expect(refunded.status).toBe(200)
    return refunded.json.order
  }

  /** Downloads `link` and expects 410 `DOWNLOAD_REFUNDED`; answers the refusal. */
  async function refusedAsRefunded(link: string) {
    const refused = await call('GET', link)
    expect(refused.status).toBe(410)
    expect(refused.json.details.applicationError.code).toBe('DOWNLOAD_REFUNDED')
    return refused
  }

  /** The mail's page of an order's downloads, signed as the confirmation mail signs it. */
  const downloadsPage = (orderId: string) =>
    call(
      'GET',
      orderDownloadsLink(
        { signer, publicUrl: TEST_PUBLIC_URL },
        orderId,
        new Date(clock().getTime() + 60_000),
      ),
    )

  it('stops the links of a digital line the merchant refunds, those already handed out too, and keeps the other lines', async () => {
    const { token, orderId } = await buy({ withTee: true })
    const before = (await call('GET', `/ecom/v1/orders/${orderId}`, { token })).json.order
    const [digital, teeLine] = before.lineItems
    expect(teeLine.catalogItemId).toBe(teeId)
    const link = digital.digitalFile.link as string
    expect((await call('GET', link)).status).toBe(200)

    // Refunding the tee (another line) keeps the download.
    await refund(orderId, { lineItems: [{ id: teeLine.id, quantity: 1 }] })
    expect((await call('GET', link)).status).toBe(200)

    // Both lines refunded; the shipping and tax are not, so the order stays partly refunded.
    const after = await refund(orderId, { lineItems: [{ id: digital.id, quantity: 1 }] })
    expect(after.paymentStatus).toBe('PARTIALLY_REFUNDED')
    const old = await refusedAsRefunded(link)
    expect(old.text).toContain('refunded')
  })

  it('stops a digital line refunded by name while the order keeps its other lines paid', async () => {
    const { token, orderId } = await buy({ withTee: true })
    const before = (await call('GET', `/ecom/v1/orders/${orderId}`, { token })).json.order
    const digital = before.lineItems[0]
    const link = digital.digitalFile.link as string
    const after = await refund(orderId, { lineItems: [{ id: digital.id, quantity: 1 }] })
    expect(after.paymentStatus).toBe('PARTIALLY_REFUNDED')

    await refusedAsRefunded(link)
    const read = (await call('GET', `/ecom/v1/orders/${orderId}`, { token })).json.order
    expect(read.lineItems[0].digitalFile).toBeUndefined()
    expect(read.lineItems[0].digitalFiles).toBeUndefined()
    expect(read.lineItems[0].digitalFileRefunded).toBe(true)
    expect(read.lineItems[1].digitalFileRefunded).toBeUndefined()
    const listed = (await call('GET', '/ecom/v1/orders', { token })).json.orders[0]
    expect(listed.lineItems[0]).not.toHaveProperty('digitalFile')
    expect(JSON.stringify(listed)).not.toContain('/downloads/v1/files/')
    // The mail's page says the item was refunded and offers no link.
    const page = await downloadsPage(orderId)
    expect(page.status).toBe(200)
    expect(page.text).toContain('refunded: its files')
    expect(page.text).not.toContain('/downloads/v1/files/')
  })

  it('stops a digital order refunded by an amount that leaves its line unpaid (6.00 of 6.44), not by one its shipping covers', async () => {
    const { token, orderId, totalMinor } = await buy()
    const link = (await call('GET', `/ecom/v1/orders/${orderId}`, { token })).json.order.lineItems[0]
      .digitalFile.link as string
    const after = await refund(orderId, { amount: ((totalMinor - 44) / 100).toFixed(2) })
    expect(after.paymentStatus).toBe('PARTIALLY_REFUNDED')
    await refusedAsRefunded(link)
    const read = (await call('GET', `/ecom/v1/orders/${orderId}`, { token })).json.order
    expect(read.lineItems[0].digitalFile).toBeUndefined()
    expect(read.lineItems[0].digitalFileRefunded).toBe(true)
    expect((await downloadsPage(orderId)).text).not.toContain('/downloads/v1/files/')

    // A mixed order refunded by the tee's worth, naming no line: the money kept still pays the digital line.
    const mixed = await buy({ withTee: true })
    const order = (await call('GET', `/ecom/v1/orders/${mixed.orderId}`, { token: mixed.token })).json.order
    const teeWorth = Number(order.lineItems[1].totalPrice.amount)
    await refund(mixed.orderId, { amount: teeWorth.toFixed(2) })
    const kept = (await call('GET', `/ecom/v1/orders/${mixed.orderId}`, { token: mixed.token })).json.order
    expect(kept.lineItems[0].digitalFileRefunded).toBeUndefined()
    expect((await call('GET', kept.lineItems[0].digitalFile.link)).status).toBe(200)
    expect((await call('GET', order.lineItems[0].digitalFile.link)).status).toBe(200)
  })

  it('mails the buyer of a paid digital order a link to a page of fresh links, which expires in a day', async () => {
    const { orderId } = await buy()
    const [mail] = await db.query<{ text_body: string; html_body: string }>(
      "select text_body, html_body from mail_outbox where topic = 'order-confirmation' and text_body like '%' || $1 || '%'",
      [orderId],
    )
    const pageUrl = mail!.text_body.match(/Download your files: (\S+)/)![1]!
    expect(mail!.html_body).toContain('Download your files')
    const page = await call('GET', pageUrl)
    expect(page.status).toBe(200)
    const fileUrl = page.text
      .match(/href="([^"]*\/downloads\/v1\/files\/[^"]*)"/)![1]!
      .replaceAll('&amp;', '&')
    expect((await call('GET', fileUrl)).bytes).toEqual(PDF)
    clock.advance(24 * 3600 + 1)
    const late = await call('GET', pageUrl)
    expect(late.status).toBe(410)
    expect(late.json.details.applicationError.code).toBe('DOWNLOAD_LINK_EXPIRED')
    const unpaid = await buy({ paid: false })
    const [unpaidMail] = await db.query<{ text_body: string }>(
      "select text_body from mail_outbox where topic = 'order-confirmation' order by created_date desc limit 1",
    )
    expect(unpaidMail!.text_body).not.toContain('/_downloads/')
    expect(unpaid.orderId).toBeTruthy()
  })

  it('stops every link to a file the merchant removes', async () => {
    const { token, orderId } = await buy()
    const link = (await call('GET', `/ecom/v1/orders/${orderId}`, { token })).json.order.lineItems[0]
      .digitalFile.link
    const removed = await call('DELETE', `/stores/v1/products/${productId}/secure-files/${fileId}`, {
      headers: merchant(),
    })
    expect(removed.status).toBe(200)
    const gone = await call('GET', link)
    expect(gone.status).toBe(404)
    expect(gone.json.details.applicationError.code).toBe('SECURE_FILE_NOT_FOUND')
    const again = await call('DELETE', `/stores/v1/products/${productId}/secure-files/${fileId}`, {
      headers: merchant(),
    })
    expect(again.status).toBe(404)
  })
})
