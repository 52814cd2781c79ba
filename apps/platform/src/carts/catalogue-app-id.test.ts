import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Db } from '../db/db.ts'
import { databaseKinds, openTestDatabase } from '../testing/test-database.ts'
import { createTestPlatform } from '../testing/test-platform.ts'
import { WIX_STORES_APP_ID } from './catalogue-app-id.ts'

describe.each(databaseKinds())('the catalogue’s app id in cart line items on %s', (kind) => {
  let db: Db
  let platform: ReturnType<typeof createTestPlatform>
  let productId: string
  beforeAll(async () => {
    db = await openTestDatabase(kind)
    platform = createTestPlatform(db)
    const [row] = await db.query<{ id: string }>(
      'select p.id from products p where p.manage_variants = false and p.in_stock order by p.slug limit 1',
    )
    productId = row!.id
  })
  afterAll(() => db.close())

  const add = (token: string, appId: string) =>
    platform.call('POST', '/ecom/v1/carts/current/add-to-cart', {
      token,
      body: { lineItems: [{ catalogReference: { catalogItemId: productId, appId }, quantity: 1 }] },
    })

  it('takes the Wix Stores app id as the platform’s catalogue: one line with "stores", whichever name added it', async () => {
    const { access_token } = await platform.visitorTokens()
    const first = await add(access_token, WIX_STORES_APP_ID)
    expect(first.status).toBe(200)
    expect(first.json.cart.lineItems[0].catalogReference.appId).toBe('stores')
    const second = await add(access_token, 'stores')
    expect(second.json.cart.lineItems).toHaveLength(1)
    expect(second.json.cart.lineItems[0].quantity).toBe(2)
  })

  it('refuses any other app id and writes nothing', async () => {
    const { access_token } = await platform.visitorTokens()
    const refused = await add(access_token, '1380b703-ce81-ff05-f115-39571d94dfcd')
    expect(refused.status).toBe(400)
    expect(refused.json.details.validationError.fieldViolations[0].field).toBe(
      'lineItems[0].catalogReference.appId',
    )
    const cart = await platform.call('GET', '/ecom/v1/carts/current', { token: access_token })
    expect(cart.status).toBe(404)
  })
})
