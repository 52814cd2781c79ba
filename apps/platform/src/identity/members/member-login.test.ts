import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type CartContents, readCartContents, writeCartChange } from '../../carts/cart-store.ts'
import type { Db } from '../../db/db.ts'
import type { ShopperCaller } from '../../http/caller.ts'
import { findCallerByAccessToken } from '../../oauth/token-store.ts'
import { DEMO_CLIENT_ID } from '../../seed/demo-ids.ts'
import { DEMO_SITE_ID } from '../../seed/demo-store.ts'
import { memberTokens } from '../../testing/member-flows.ts'
import { databaseKinds, openTestDatabase } from '../../testing/test-database.ts'
import { createTestPlatform, TEST_PUBLIC_URL } from '../../testing/test-platform.ts'
import { mergeVisitorIntoMember } from './member-login.ts'

describe.each(databaseKinds())('the cart merge at a member’s login on %s', (kind) => {
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

  /** A shopper with a cart of one line of `productId`, and the caller their token proves. */
  async function shopperWithCart(token: string, productId: string): Promise<ShopperCaller> {
    const added = await platform.call('POST', '/ecom/v1/carts/current/add-to-cart', {
      token,
      body: { lineItems: [{ catalogReference: { catalogItemId: productId } }] },
    })
    expect(added.status).toBe(200)
    const caller = await findCallerByAccessToken(db, token, platform.clock())
    if (!caller) throw new Error('the token proves no one')
    return caller
  }

  const merge = (memberId: string, visitorId: string) =>
    db.transaction((tx) =>
      mergeVisitorIntoMember(
        tx,
        { siteId: DEMO_SITE_ID, clientId: DEMO_CLIENT_ID, memberId, visitorId },
        { now: platform.clock(), publicUrl: TEST_PUBLIC_URL },
      ),
    )

  /** A change computed from a cart as read: its first line set to 5 units, guarded by the version read. */
  const fiveOfFirstLine = (read: CartContents) =>
    writeCartChange(
      db,
      {
        cartId: read.cart!.id,
        guard: { version: read.version ?? null },
        savedLines: [{ ...read.lines[0]!, quantity: 5 }],
      },
      platform.clock(),
    )

  const linesOf = async (caller: ShopperCaller) =>
    (await readCartContents(db, caller)).lines.map((line) => [line.catalog_item_id, line.quantity])

  it('refuses a change to either cart read before the merge; read again, it applies to the merged cart', async () => {
    const member = await memberTokens(platform, (await platform.visitorTokens()).access_token)
    const memberCaller = await shopperWithCart(member.tokens.access_token, products[0]!)
    const visitorCaller = await shopperWithCart((await platform.visitorTokens()).access_token, products[1]!)
    const memberRead = await readCartContents(db, memberCaller)
    const visitorRead = await readCartContents(db, visitorCaller)

    expect(await merge(member.memberId, visitorCaller.subjectId)).toMatchObject({
      kind: 'merged',
      cartId: memberRead.cart!.id,
      addedLines: 1,
    })
    expect(await fiveOfFirstLine(memberRead)).toBe(false)
    expect(await fiveOfFirstLine(visitorRead)).toBe(false)
    expect(await linesOf(memberCaller)).toEqual([
      [products[0], 1],
      [products[1], 1],
    ])
    expect(await fiveOfFirstLine(await readCartContents(db, memberCaller))).toBe(true)
    expect(await linesOf(memberCaller)).toEqual([
      [products[0], 5],
      [products[1], 1],
    ])
  })

  it('refuses a change to the visitor’s cart read before it became the member’s', async () => {
    const member = await memberTokens(platform, (await platform.visitorTokens()).access_token)
    const visitorCaller = await shopperWithCart((await platform.visitorTokens()).access_token, products[0]!)
    const visitorRead = await readCartContents(db, visitorCaller)

    expect(await merge(member.memberId, visitorCaller.subjectId)).toEqual({
      kind: 'moved',
      cartId: visitorRead.cart!.id,
    })
    expect(await fiveOfFirstLine(visitorRead)).toBe(false)
    const memberCaller = { ...visitorCaller, kind: 'member' as const, subjectId: member.memberId }
    expect(await linesOf(memberCaller)).toEqual([[products[0], 1]])
  })
})
