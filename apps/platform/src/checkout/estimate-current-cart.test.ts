import { afterAll, beforeAll, describe, expect, expectTypeOf, it } from 'vitest'
import type { z } from 'zod'
import { createCurrentCart } from '../carts/current-cart.ts'
import type { Db } from '../db/db.ts'
import type { ShopperCaller } from '../http/caller.ts'
import { findCallerByAccessToken } from '../oauth/token-store.ts'
import { databaseKinds } from '../testing/test-database.ts'
import { type createTestPlatform, openDemoCommerce, TEST_PUBLIC_URL } from '../testing/test-platform.ts'
import type { FieldPaths } from '../testing/wire-types.ts'
import { CartEstimateSchema } from './checkout-schemas.ts'
import { estimateCurrentCartTotals, type WireCartEstimate } from './estimate-current-cart.ts'

const manhattan = { country: 'US', subdivision: 'US-NY', city: 'New York', postalCode: '10001' }

describe.each(databaseKinds())('estimateCurrentCartTotals on %s', (kind) => {
  let db: Db
  let platform: ReturnType<typeof createTestPlatform>
  let deps: { db: Db; clock: () => Date; publicUrl: string }
  let notebook: string
  beforeAll(async () => {
    ;({ db, platform, notebookId: notebook } = await openDemoCommerce(kind))
    deps = { db, clock: platform.clock, publicUrl: TEST_PUBLIC_URL }
  })
  afterAll(() => db.close())

  async function visitor(): Promise<ShopperCaller> {
    const { access_token } = await platform.visitorTokens()
    const caller = await findCallerByAccessToken(db, access_token, platform.clock())
    if (!caller) throw new Error('the new visitor token proves no one')
    return caller
  }

  it('answers the cart and its totals for the buyer’s choices, and leaves the cart as it was', async () => {
    const caller = await visitor()
    const carts = createCurrentCart({ ...deps, countCouponAttempt: async () => undefined })
    const cart = await carts.add(caller, {
      lineItems: [{ catalogReference: { catalogItemId: notebook, appId: 'stores' }, quantity: 2 }],
      customLineItems: [],
    })
    const estimate = await estimateCurrentCartTotals(deps, caller, {
      shippingAddress: manhattan,
      selectedShippingOption: { code: 'standard' },
    })
    expect(estimate.cart).toEqual(cart)
    expect(estimate.calculatedLineItems.map((line) => [line.lineItemId, line.quantity])).toEqual([
      [cart.lineItems[0]!.id, 2],
    ])
    expect(estimate.shippingInfo.selectedCarrierServiceOption?.code).toBe('standard')
    expect(CartEstimateSchema.safeParse(estimate).success).toBe(true)
    expect(await carts.get(caller)).toEqual(cart)
  })

  it('refuses a caller without a cart with OWNED_CART_NOT_FOUND', async () => {
    await expect(estimateCurrentCartTotals(deps, await visitor(), {})).rejects.toMatchObject({
      code: 'OWNED_CART_NOT_FOUND',
      status: 404,
    })
  })
})

// Checked by the type checker (`npm run typecheck`): a mapper that drifts from the schema fails to compile.
describe('WireCartEstimate', () => {
  type SchemaEstimate = z.output<typeof CartEstimateSchema>
  it('fits the estimate response schema, with the same fields at every depth', () => {
    expectTypeOf<WireCartEstimate>().toExtend<SchemaEstimate>()
    expectTypeOf<FieldPaths<WireCartEstimate>>().toEqualTypeOf<FieldPaths<SchemaEstimate>>()
  })
})
