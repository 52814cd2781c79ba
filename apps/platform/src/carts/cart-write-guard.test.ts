import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type Db, statementText } from '../db/db.ts'
import { hashToken } from '../oauth/opaque-token.ts'
import { DEMO_SITE_ID } from '../seed/demo-store.ts'
import { createVisitorCaller } from '../testing/test-callers.ts'
import { databaseKinds, openTestDatabase } from '../testing/test-database.ts'
import { createTestPlatform } from '../testing/test-platform.ts'
import { readCartContents, writeCartChange } from './cart-store.ts'

const ADD = '/ecom/v1/carts/current/add-to-cart'
const isGuardedWrite = (sql: string) => /^with target as/.test(sql)

describe.each(databaseKinds())('a cart change written under its guard on %s', (kind) => {
  let db: Db
  let platform: ReturnType<typeof createTestPlatform>
  let products: string[]
  beforeAll(async () => {
    db = await openTestDatabase(kind)
    platform = createTestPlatform(db)
    products = (
      await db.query<{ id: string }>(
        'select id from products where site_id = $1 and not manage_variants and visible order by slug limit 2',
        [DEMO_SITE_ID],
      )
    ).map((row) => row.id)
  })
  afterAll(() => db.close())

  const add = (productId: string, quantity = 1) => ({
    lineItems: [{ catalogReference: { catalogItemId: productId }, quantity }],
  })
  const eventTypes = async (cartId: string) =>
    (
      await db.query<{ type: string }>('select type from events where entity_id = $1 order by sequence', [
        cartId,
      ])
    ).map((row) => row.type)

  /** A visitor with a cart of one line, and the caller its token proves. */
  async function visitorWithCart() {
    const token = (await platform.visitorTokens()).access_token
    const first = await platform.call('POST', ADD, { token, body: add(products[0]!) })
    expect(first.status).toBe(200)
    const owner = await db.query<{ subject_id: string; client_id: string }>(
      'select subject_id, client_id from oauth_tokens where token_hash = $1',
      [hashToken(token)],
    )
    const caller = await createVisitorCaller(db, owner[0]!.subject_id, owner[0]!.client_id)
    return { token, caller, cartId: first.json.cart.id as string }
  }

  it('writes nothing, not even its event, when the cart changed after it was read', async () => {
    const { token, caller, cartId } = await visitorWithCart()
    const read = await readCartContents(db, caller)
    expect(read.version).toMatch(/^\d+$/)
    // Another write to the same cart lands between the read and the write.
    expect((await platform.call('POST', ADD, { token, body: add(products[1]!) })).status).toBe(200)
    const line = { ...read.lines[0]!, quantity: 9 }
    const event = {
      siteId: DEMO_SITE_ID,
      type: 'cart.updated' as const,
      entityId: cartId,
      payload: {},
      identity: { identityType: 'ANONYMOUS_VISITOR' as const, anonymousVisitorId: caller.subjectId },
    }
    const written = await writeCartChange(
      db,
      { cartId, guard: { version: read.version ?? null }, savedLines: [line], event },
      new Date(),
    )
    expect(written).toBe(false)
    const after = await readCartContents(db, caller)
    expect(after.lines.map((l) => l.quantity)).toEqual([1, 1])
    expect(await eventTypes(cartId)).toEqual(['cart.created', 'cart.updated'])
  })

  it('creates no second cart for an owner who got one after the read', async () => {
    const { caller, cartId } = await visitorWithCart()
    const written = await writeCartChange(
      db,
      {
        cartId: '00000000-0000-4000-8000-0000000000c1',
        guard: {
          create: {
            id: '00000000-0000-4000-8000-0000000000c1',
            site_id: DEMO_SITE_ID,
            owner_kind: 'visitor',
            owner_id: caller.subjectId,
            currency: 'USD',
            coupon_code: null,
            cart_info: {},
            contact_info: null,
            merchant_discounts: [],
            created_date: new Date(),
            updated_date: new Date(),
          },
        },
      },
      new Date(),
    )
    expect(written).toBe(false)
    const carts = await db.query<{ id: string }>('select id from carts where owner_id = $1', [
      caller.subjectId,
    ])
    expect(carts.map((c) => c.id)).toEqual([cartId])
  })

  it('runs again under the cart lock when another add came between its read and its write', async () => {
    const { token, cartId } = await visitorWithCart()
    // The first add's guarded write waits until a second add to the same cart has been answered.
    let release: () => void = () => {}
    const secondDone = new Promise<void>((resolve) => {
      release = resolve
    })
    let held = false
    const statements: string[] = []
    const recording = (inner: Db): Db => ({
      kind: inner.kind,
      async query(sql, params) {
        const text = statementText(sql)
        statements.push(text)
        if (isGuardedWrite(text) && !held) {
          held = true
          await secondDone
        }
        return inner.query(sql, params)
      },
      transaction: (fn) => inner.transaction((tx) => fn(recording(tx))),
      close: () => inner.close(),
    })
    const racing = recording(db)
    const racer = createTestPlatform(racing)
    const first = racer.call('POST', ADD, { token, body: add(products[0]!, 2) })
    while (!held) await new Promise((resolve) => setTimeout(resolve, 5))
    const second = await platform.call('POST', ADD, { token, body: add(products[1]!, 3) })
    expect(second.status).toBe(200)
    release()
    const answer = await first
    expect(answer.status).toBe(200)
    const quantities = answer.json.cart.lineItems.map((line: { quantity: number }) => line.quantity)
    expect(quantities).toEqual([3, 3])
    // Its first write applied nothing; it locked the cart and wrote again.
    expect(statements.filter(isGuardedWrite)).toHaveLength(2)
    expect(await eventTypes(cartId)).toEqual(['cart.created', 'cart.updated', 'cart.updated'])
  })

  describe('the access token, checked in the read', () => {
    const refusal = {
      message: 'The access token is unknown, expired or revoked',
      details: { applicationError: { code: 'UNAUTHENTICATED' } },
    }

    it('refuses an unknown token as every route does, creating nothing', async () => {
      const before = await db.query('select id from carts')
      const answer = await platform.call('POST', ADD, { token: 'unknown-token', body: add(products[0]!) })
      const elsewhere = await platform.call('DELETE', '/ecom/v1/carts/current', { token: 'unknown-token' })
      expect(answer.status).toBe(401)
      expect(answer.json).toMatchObject(refusal)
      expect(answer.json).toEqual(elsewhere.json)
      expect(await db.query('select id from carts')).toHaveLength(before.length)
    })

    it('refuses a revoked token and an expired one, on reads and writes', async () => {
      const revoked = await visitorWithCart()
      await db.query("update oauth_tokens set revoked_at = now() where subject_id = $1 and kind = 'access'", [
        revoked.caller.subjectId,
      ])
      for (const [method, path] of [
        ['POST', ADD],
        ['GET', '/ecom/v1/carts/current'],
      ] as const) {
        const body = method === 'POST' ? add(products[1]!) : undefined
        const answer = await platform.call(method, path, { token: revoked.token, body })
        expect(answer.status).toBe(401)
        expect(answer.json).toMatchObject(refusal)
      }
      const expired = await visitorWithCart()
      const later = createTestPlatform(db)
      later.clock.advance(4 * 60 * 60)
      const answer = await later.call('POST', ADD, { token: expired.token, body: add(products[1]!) })
      expect(answer.status).toBe(401)
      const lines = await db.query('select id from cart_line_items where cart_id = $1', [expired.cartId])
      expect(lines).toHaveLength(1)
    })

    it('answers a live token with its client’s CORS headers', async () => {
      const { token } = await visitorWithCart()
      const origin = 'http://localhost:3000'
      const answer = await platform.call('GET', '/ecom/v1/carts/current', { token, headers: { origin } })
      expect(answer.status).toBe(200)
      expect(answer.headers.get('access-control-allow-origin')).toBe(origin)
    })
  })
})
