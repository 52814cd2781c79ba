import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import type { Db } from '../db/db.ts'
import { formatMoney } from '../money/money.ts'
import { createTestBrowser } from '../testing/dashboard-browser.ts'
import { memberTokens } from '../testing/member-flows.ts'
import { pathOf, redirectUrl, SHOP } from '../testing/redirect-flows.ts'
import { databaseKinds, openTestDatabase } from '../testing/test-database.ts'
import { createTestPlatform, TEST_PUBLIC_URL } from '../testing/test-platform.ts'

interface Variant {
  id: string
  choices: Record<string, string>
  quantity: number
  price_minor: number | null
}

describe.each(databaseKinds())('the hosted product page on %s', (kind) => {
  let db: Db
  let platform: ReturnType<typeof createTestPlatform>
  let visitor: string
  let product: { id: string; slug: string; name: string; price_minor: number; media: { id: string }[] }
  let soldOut: Variant
  let inStock: Variant
  beforeAll(async () => {
    db = await openTestDatabase(kind)
    platform = createTestPlatform(db)
    const [row] = await db.query<typeof product>(
      `select p.id, p.slug, p.name, p.discounted_price_minor as price_minor, p.media from products p
        where p.visible and p.in_stock and p.manage_variants and p.discount_type = 'NONE'
          and exists (select 1 from product_variants v where v.product_id = p.id and v.track_quantity and v.quantity = 0)
        order by p.slug limit 1`,
    )
    product = row!
    const variants = await db.query<Variant>(
      'select id, choices, quantity, price_minor from product_variants where product_id = $1 order by position',
      [product.id],
    )
    soldOut = variants.find((v) => v.quantity === 0)!
    inStock = variants.find((v) => v.quantity >= 3 && v.price_minor === null)!
  })
  beforeEach(async () => {
    visitor = (await platform.visitorTokens()).access_token
  })
  afterAll(() => db.close())

  const callbacks = { postFlowUrl: `${SHOP}/`, cartPageUrl: `${SHOP}/cart` }
  const sessionUrl = (token = visitor) =>
    redirectUrl(platform, token, { storesProduct: { productSlug: product.slug }, callbacks })

  /** A browser that followed a session's URL to its product page; returns the browser and the page path. */
  async function openPage(token = visitor) {
    const browser = createTestBrowser(platform.app)
    const landing = await browser.get(pathOf(await sessionUrl(token)))
    expect(landing.status).toBe(303)
    const page = landing.location!
    expect(page).toMatch(/^\/_product\/[0-9a-f-]{36}$/)
    return { browser, page, landing, first: await browser.get(page) }
  }

  const cartOf = async (token: string) => platform.call('GET', '/ecom/v1/carts/current', { token })

  it('lands once, keeps the page open for this browser only, and shows the product from the catalogue', async () => {
    const { browser, page, landing, first } = await openPage()
    const cookie = landing.headers.getSetCookie()[0]!
    expect(cookie).toMatch(
      new RegExp(
        `^aisle_visit_[0-9a-f]{32}=[A-Za-z0-9_-]{43}; Path=${page}; Max-Age=3600; HttpOnly; SameSite=Lax$`,
      ),
    )
    expect(first.status).toBe(200)
    expect(first.text).toContain(`<h1>${product.name}</h1>`)
    expect(first.text).toContain(formatMoney(product.price_minor, 'USD', 'en-US'))
    expect(first.text).toContain(`src="${TEST_PUBLIC_URL}/media/${product.media[0]!.id}"`)
    for (const option of Object.keys(inStock.choices)) expect(first.text).toContain(`<dt>${option}</dt>`)
    expect(first.text).toMatch(new RegExp(`<option value="${soldOut.id}" disabled="">[^<]*sold out</option>`))
    expect(first.text).toMatch(
      new RegExp(`<option value="${inStock.id}"[^>]*>[^<]*${inStock.quantity} left</option>`),
    )
    expect(first.text).toContain(`href="${SHOP}/cart">View your cart</a>`)
    expect(first.text).toContain(`href="${SHOP}/">Back to the shop</a>`)
    const policy = first.headers.get('content-security-policy')!
    expect(policy).toContain(`img-src 'self' data: ${TEST_PUBLIC_URL}`)
    expect(policy).toContain("frame-ancestors 'none'")
    expect(first.headers.get('x-frame-options')).toBe('DENY')
    expect(first.headers.get('referrer-policy')).toBe('no-referrer')

    expect((await browser.get(page)).status).toBe(200)
    const stranger = await createTestBrowser(platform.app).get(page)
    expect(stranger.status).toBe(400)
    expect(stranger.text).toContain('This page is no longer open')
    platform.clock.advance(3_601)
    expect((await browser.get(page)).status).toBe(400)
  })

  it('adds the chosen variant to the cart of the visitor who created the session', async () => {
    const { browser, page } = await openPage()
    const added = await browser.submit(`${page}/add-to-cart`, { variantId: inStock.id, quantity: '2' })
    expect(added.status).toBe(303)
    expect(added.location).toBe(`${page}?added=1`)
    expect((await browser.get(added.location!)).text).toContain('Added to your cart.')

    const cart = await cartOf(visitor)
    expect(cart.json.cart.lineItems).toEqual([
      expect.objectContaining({
        quantity: 2,
        catalogReference: expect.objectContaining({
          catalogItemId: product.id,
          options: { variantId: inStock.id },
        }),
      }),
    ])
    const [session] = await db.query<{ creator_id: string }>(
      "select creator_id from redirect_sessions where kind = 'storesProduct' order by created_date desc limit 1",
    )
    const events = await db.query<{ identity: unknown }>(
      "select identity from events where type = 'cart.created' and entity_id = $1",
      [cart.json.cart.id],
    )
    expect(events).toEqual([
      { identity: { identityType: 'ANONYMOUS_VISITOR', anonymousVisitorId: session!.creator_id } },
    ])

    await browser.submit(`${page}/add-to-cart`, { variantId: inStock.id, quantity: '1' })
    expect((await cartOf(visitor)).json.cart.lineItems[0].quantity).toBe(3)
  })

  it('adds to the member’s own cart when a member created the session', async () => {
    const member = await memberTokens(platform, visitor)
    const { browser, page } = await openPage(member.tokens.access_token)
    const added = await browser.submit(`${page}/add-to-cart`, { variantId: inStock.id, quantity: '1' })
    expect(added.status).toBe(303)
    const cart = await cartOf(member.tokens.access_token)
    expect(cart.json.cart.buyerInfo).toEqual({ memberId: member.memberId })
    expect(cart.json.cart.lineItems).toHaveLength(1)
  })

  it('shows the cart’s refusal in the page and leaves the cart as it was', async () => {
    const full = {
      lineItems: [
        {
          catalogReference: { catalogItemId: product.id, options: { variantId: inStock.id } },
          quantity: 10_000,
        },
      ],
    }
    const filled = await platform.call('POST', '/ecom/v1/carts/current/add-to-cart', {
      token: visitor,
      body: full,
    })
    expect(filled.status).toBe(200)
    const { browser, page } = await openPage()
    const refused = await browser.submit(`${page}/add-to-cart`, { variantId: inStock.id, quantity: '1' })
    expect(refused.status).toBe(409)
    expect(refused.text).toContain('A line item holds at most 10000 units')
    expect((await cartOf(visitor)).json.cart).toEqual(filled.json.cart)
  })

  it.each([
    ['a sold-out choice', () => ({ variantId: soldOut.id, quantity: '1' }), 'That choice is sold out.'],
    [
      'more than are left',
      () => ({ variantId: inStock.id, quantity: String(inStock.quantity + 1) }),
      'left: choose fewer.',
    ],
    [
      'a quantity that is no number',
      () => ({ variantId: inStock.id, quantity: 'lots' }),
      'Enter a quantity from 1 to',
    ],
    [
      'a variant of another product',
      () => ({ variantId: '00000000-0000-4000-8000-000000000000' }),
      'Choose one of the options shown.',
    ],
  ])('refuses %s and leaves the cart alone', async (_what, fields, problem) => {
    const { browser, page } = await openPage()
    const refused = await browser.submit(`${page}/add-to-cart`, fields())
    expect(refused.status).toBe(400)
    expect(refused.text).toContain(problem)
    expect((await cartOf(visitor)).json.details.applicationError.code).toBe('OWNED_CART_NOT_FOUND')
  })

  it('refuses a post without the page’s token, from another site or from another browser', async () => {
    const { browser, page } = await openPage()
    const action = `${page}/add-to-cart`
    const fields = { ...browser.formOf(action), variantId: inStock.id }
    expect((await browser.post(action, { ...fields, csrf: 'forged' })).status).toBe(403)
    expect((await browser.post(action, fields, { 'sec-fetch-site': 'cross-site' })).status).toBe(403)
    const stranger = createTestBrowser(platform.app)
    expect((await stranger.post(action, fields)).status).toBe(400)
    expect((await cartOf(visitor)).json.details.applicationError.code).toBe('OWNED_CART_NOT_FOUND')
    expect((await browser.post(action, fields)).status).toBe(303)
  })

  it('shows the error page for a reused, raced, expired or unknown session, and for one of another kind', async () => {
    const browser = createTestBrowser(platform.app)
    const used = await sessionUrl()
    expect((await browser.get(pathOf(used))).status).toBe(303)
    const reused = await browser.get(pathOf(used))
    expect(reused.status).toBe(400)
    expect(reused.location).toBeNull()
    expect(reused.text).toContain('This link has expired or was already used')

    const late = await sessionUrl()
    platform.clock.advance(601)
    const expired = await browser.get(pathOf(late))
    expect(expired.status).toBe(400)
    expect(expired.text).toContain('This link has expired or was already used')

    const raced = await sessionUrl()
    const answers = await Promise.all([1, 2, 3].map(() => createTestBrowser(platform.app).get(pathOf(raced))))
    expect(answers.map((answer) => answer.status).sort()).toEqual([303, 400, 400])

    for (const path of ['/_product/not-an-id', '/_product/00000000-0000-4000-8000-000000000000', '/_product'])
      expect((await browser.get(path)).status).toBe(400)
    expect((await browser.post('/_product/not-an-id/add-to-cart', { quantity: '1' })).status).toBe(400)

    const account = await redirectUrl(platform, visitor, { membersAccount: {} })
    expect((await browser.get(pathOf(account).replace('/_account', '/_product'))).status).toBe(400)
  })

  it('says the product is gone when the merchant hides it while the page is open', async () => {
    const { browser, page } = await openPage()
    await db.query('update products set visible = false where id = $1', [product.id])
    try {
      const gone = await browser.get(page)
      expect(gone.status).toBe(404)
      expect(gone.text).toContain('This product is no longer available')
      expect(gone.text).toContain(`href="${SHOP}/">Back to the shop</a>`)
    } finally {
      await db.query('update products set visible = true where id = $1', [product.id])
    }
  })
})
