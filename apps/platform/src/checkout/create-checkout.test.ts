import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createCurrentCart } from '../carts/current-cart.ts'
import type { Db } from '../db/db.ts'
import type { ShopperCaller } from '../http/caller.ts'
import { findCallerByAccessToken } from '../oauth/token-store.ts'
import { databaseKinds } from '../testing/test-database.ts'
import { type createTestPlatform, openDemoCommerce, TEST_PUBLIC_URL } from '../testing/test-platform.ts'
import { findCheckout } from './checkout-store.ts'
import { createCheckoutFromCurrentCart } from './create-checkout.ts'

const manhattan = { country: 'US', subdivision: 'US-NY', city: 'New York', postalCode: '10001' }

describe.each(databaseKinds())('createCheckoutFromCurrentCart on %s', (kind) => {
  let db: Db
  let platform: ReturnType<typeof createTestPlatform>
  let deps: { db: Db; clock: () => Date; publicUrl: string }
  let notebook: string
  beforeAll(async () => {
    ;({ db, platform, notebookId: notebook } = await openDemoCommerce(kind))
    deps = { db, clock: platform.clock, publicUrl: TEST_PUBLIC_URL }
  })
  afterAll(() => db.close())

  async function visitorWithNotebooks(quantity: number) {
    const { access_token } = await platform.visitorTokens()
    const caller = (await findCallerByAccessToken(db, access_token, platform.clock())) as ShopperCaller
    const cart = await createCurrentCart({ ...deps, countCouponAttempt: async () => undefined }).add(caller, {
      lineItems: [{ catalogReference: { catalogItemId: notebook, appId: 'stores' }, quantity }],
      customLineItems: [],
    })
    return { caller, cart }
  }

  const checkoutCount = async () =>
    (await db.query<{ count: number }>('select count(*)::int as count from checkouts'))[0]!.count

  it('freezes the caller’s cart with their choices into an open checkout of theirs', async () => {
    const { caller, cart } = await visitorWithNotebooks(3)
    const { checkoutId } = await createCheckoutFromCurrentCart(deps, caller, {
      channelType: 'WEB',
      email: 'ada@example.com',
      shippingAddress: manhattan,
      billingAddress: manhattan,
      selectedShippingOption: { code: 'express' },
    })
    expect(await findCheckout(db, checkoutId)).toMatchObject({
      cart_id: cart.id,
      owner_kind: 'visitor',
      owner_id: caller.subjectId,
      channel_type: 'WEB',
      email: 'ada@example.com',
      shipping_address: manhattan,
      selected_shipping_option: { code: 'express' },
      status: 'OPEN',
    })
    const [frozen] = await db.query<{ lines: { id: string; quantity: number }[]; totals: any }>(
      'select lines, totals from checkouts where id = $1',
      [checkoutId],
    )
    expect(frozen!.lines.map((line) => [line.id, line.quantity])).toEqual([[cart.lineItems[0]!.id, 3]])
    expect(frozen!.totals.shippingInfo.selectedCarrierServiceOption.code).toBe('express')
  })

  it('refuses a cart with nothing to buy with CART_NOT_PURCHASABLE, storing nothing', async () => {
    const { caller } = await visitorWithNotebooks(1)
    const before = await checkoutCount()
    await db.query('update products set visible = false where id = $1', [notebook])
    try {
      await expect(createCheckoutFromCurrentCart(deps, caller, { channelType: 'WEB' })).rejects.toMatchObject(
        { code: 'CART_NOT_PURCHASABLE', status: 409 },
      )
    } finally {
      await db.query('update products set visible = true where id = $1', [notebook])
    }
    expect(await checkoutCount()).toBe(before)
  })

  it('refuses a caller without a cart with OWNED_CART_NOT_FOUND', async () => {
    const { access_token } = await platform.visitorTokens()
    const caller = (await findCallerByAccessToken(db, access_token, platform.clock())) as ShopperCaller
    await expect(createCheckoutFromCurrentCart(deps, caller, { channelType: 'WEB' })).rejects.toMatchObject({
      code: 'OWNED_CART_NOT_FOUND',
    })
  })
})
