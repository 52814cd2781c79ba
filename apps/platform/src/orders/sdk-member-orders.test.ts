import { currentCart, isAisleError, members, orders } from '@aisle/sdk'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Db } from '../db/db.ts'
import { createTestBrowser } from '../testing/dashboard-browser.ts'
import { checkoutOf, placeOrderOnHostedCheckout } from '../testing/redirect-flows.ts'
import { createSdkShopper, signedInSdkMember } from '../testing/sdk-shoppers.ts'
import { databaseKinds } from '../testing/test-database.ts'
import { type createTestPlatform, openDemoCommerce } from '../testing/test-platform.ts'

// The real SDK's member profile and order calls against the real app: the wire holds from both ends.
describe.each(databaseKinds())('the SDK’s member profile and orders against the platform on %s', (kind) => {
  let db: Db
  let platform: ReturnType<typeof createTestPlatform>
  let notebookId: string
  beforeAll(async () => {
    ;({ db, platform, notebookId } = await openDemoCommerce(kind))
    await db.query('update products set track_inventory = false, in_stock = true where id = $1', [notebookId])
  })
  afterAll(() => db.close())

  const modules = { currentCart, members, orders }
  const shop = () => createSdkShopper(platform, modules)

  /** A shopper signed in as a new member called `nickname`. */
  const signedInMember = (nickname: string) =>
    signedInSdkMember(platform, modules, { emailPrefix: 'sdk-profile', nickname })

  /** Places an order of `quantity` notebooks on the hosted checkout as the shopper; returns its checkout id. */
  async function placeOrder(shopper: ReturnType<typeof shop>, quantity: number) {
    const { accessToken } = await shopper.auth.getTokens()
    const checkoutId = await checkoutOf(platform, accessToken.value, notebookId, quantity)
    const placed = await placeOrderOnHostedCheckout(createTestBrowser(platform.app), checkoutId)
    if (placed.status !== 303) throw new Error(`order not placed: ${placed.status}`)
    return checkoutId
  }

  const statusOf = (call: Promise<unknown>) =>
    call.then(
      () => 200,
      (error: unknown) => (isAisleError(error) ? error.status : -1),
    )

  it('reads and changes the member’s own profile, refusing a stale revision', async () => {
    const { client, email } = await signedInMember('Ada')
    const me = await client.members.getMyMember()
    expect(me).toMatchObject({ email: { address: email }, identityProfile: { nickname: 'Ada' } })
    expect(me._id).toMatch(/^[0-9a-f-]{36}$/)
    expect(me._createdDate).toMatch(/^\d{4}-\d\d-\d\dT/)

    platform.clock.advance(1)
    const changed = await client.members.updateMyMember({
      identityProfile: { firstName: 'Ada', lastName: 'Lovelace' },
      revision: me.revision,
    })
    expect(changed.identityProfile).toMatchObject({ nickname: 'Ada', firstName: 'Ada', lastName: 'Lovelace' })
    expect(await client.members.getMyMember()).toEqual(changed)
    const stale = client.members.updateMyMember({
      identityProfile: { firstName: 'Bob' },
      revision: me.revision,
    })
    expect(await statusOf(stale)).toBe(409)
    expect((await client.members.getMyMember()).identityProfile?.firstName).toBe('Ada')
  })

  it('refuses the profile calls to a visitor', async () => {
    const { client } = shop()
    expect(await statusOf(client.members.getMyMember())).toBe(403)
    expect(await statusOf(client.members.updateMyMember({ identityProfile: { nickname: 'x' } }))).toBe(403)
  })

  it('lists the member’s orders newest first with their totals, and reads one; not another’s', async () => {
    const ada = await signedInMember('Ada')
    const first = await placeOrder(ada, 1)
    platform.clock.advance(60)
    const second = await placeOrder(ada, 2)
    const bob = await signedInMember('Bob')
    await placeOrder(bob, 1)

    const page = await ada.client.orders.listMyOrders({ limit: 1 })
    expect(page.metadata).toEqual({ count: 1, offset: 0, total: 2 })
    const [newest] = page.orders
    expect(newest).toMatchObject({
      checkoutId: second,
      status: 'APPROVED',
      buyerInfo: { email: 'buyer@example.com' },
      lineItems: [{ productName: 'Meadow Notebook', quantity: 2 }],
    })
    expect(newest!._id).toMatch(/^[0-9a-f-]{36}$/)
    expect(newest!.lineItems[0]!._id).toMatch(/^[0-9a-f-]{36}$/)
    expect(newest!._createdDate).toMatch(/^\d{4}-\d\d-\d\dT/)
    expect(Number(newest!.priceSummary.total?.amount)).toBeGreaterThan(0)
    expect(newest!.number).toMatch(/^\d+$/)
    const rest = await ada.client.orders.listMyOrders({ offset: 1 })
    expect(rest.orders.map((order) => order.checkoutId)).toEqual([first])

    expect(await ada.client.orders.getMyOrder(newest!._id)).toEqual(newest)
    const bobsOrder = (await bob.client.orders.listMyOrders()).orders[0]!
    expect(await statusOf(ada.client.orders.getMyOrder(bobsOrder._id))).toBe(404)
    expect(await statusOf(ada.client.orders.listMyOrders({ limit: 101 }))).toBe(400)
    await expect(ada.client.orders.getMyOrder('')).rejects.toMatchObject({ code: 'INVALID_ARGUMENT' })
  })
})
