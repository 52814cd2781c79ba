import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Db } from '../db/db.ts'
import { DEFAULT_RATE_LIMITS, type RateLimitSettings } from '../rate-limits/rate-limit-settings.ts'
import { seedDemoCommerce } from '../seed/demo-commerce.ts'
import { DEMO_SITE_ID } from '../seed/demo-store.ts'
import { createLimitedPlatform } from '../testing/limited-platform.ts'
import { databaseKinds, openTestDatabase } from '../testing/test-database.ts'

// Tight limits, so that a test can cross them: 5 codes per address, 3 per cart owner, in 10 minutes.
const settings: RateLimitSettings = {
  ...DEFAULT_RATE_LIMITS,
  anonymousToken: {},
  coupon: { ip: { limit: 5, windowSeconds: 600 }, account: { limit: 3, windowSeconds: 600 } },
}

describe.each(databaseKinds())('coupon attempts on %s', (kind) => {
  let db: Db
  beforeAll(async () => {
    db = await openTestDatabase(kind)
    await seedDemoCommerce(db, DEMO_SITE_ID, new Date('2026-01-01T00:00:00Z'))
  })
  afterAll(() => db.close())

  function shop() {
    const platform = createLimitedPlatform(db, { rateLimits: settings })
    const applyCoupon = (token: string, from: string, couponCode: string) =>
      platform.call('PATCH', '/ecom/v1/carts/current', { token, from, body: { couponCode } })
    const applyByGraphQL = (token: string, from: string, couponCode: string) =>
      platform.call('POST', '/graphql/alpha', {
        token,
        from,
        body: {
          query:
            'mutation ($code: String) { updateCurrentCart(couponCode: $code) { appliedDiscounts { coupon { code } } } }',
          variables: { code: couponCode },
        },
      })
    return { platform, applyCoupon, applyByGraphQL }
  }

  it('refuses the fourth code given to one cart with 429 and Retry-After, even the right one, and leaves the cart as it was', async () => {
    const { platform, applyCoupon } = shop()
    const token = await platform.visitorToken('203.0.113.40')
    for (const guess of ['GUESS1', 'GUESS2', 'GUESS3'])
      expect((await applyCoupon(token, '203.0.113.40', guess)).json.details.applicationError.code).toBe(
        'COUPON_NOT_FOUND',
      )
    const refused = await applyCoupon(token, '203.0.113.40', 'WELCOME10')
    expect(refused.status).toBe(429)
    expect(refused.json.details.applicationError.code).toBe('TOO_MANY_REQUESTS')
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0)
    expect(Number(refused.headers.get('retry-after'))).toBeLessThanOrEqual(600)
    // Nothing was written: the refused code made no cart.
    const cart = await platform.call('GET', '/ecom/v1/carts/current', { token, from: '203.0.113.40' })
    expect(cart.json.details.applicationError.code).toBe('OWNED_CART_NOT_FOUND')
  })

  it('counts fresh visitors from one address together: the sixth code from it is refused', async () => {
    const { platform, applyCoupon } = shop()
    const from = '203.0.113.41'
    for (let index = 0; index < 5; index++) {
      const token = await platform.visitorToken(from)
      expect((await applyCoupon(token, from, `GUESS${index}`)).status).toBe(404)
    }
    const fresh = await platform.visitorToken(from)
    expect((await applyCoupon(fresh, from, 'WELCOME10')).status).toBe(429)
    // Another address is counted apart.
    const elsewhere = await platform.visitorToken('203.0.113.42')
    const applied = await applyCoupon(elsewhere, '203.0.113.42', 'WELCOME10')
    expect(applied.status).toBe(200)
    expect(applied.json.cart.appliedDiscounts[0].coupon.code).toBe('WELCOME10')
  })

  it('counts GraphQL’s updateCurrentCart with the REST call: one domain rule for both', async () => {
    const { platform, applyCoupon, applyByGraphQL } = shop()
    const from = '203.0.113.43'
    const token = await platform.visitorToken(from)
    expect((await applyCoupon(token, from, 'GUESS1')).status).toBe(404)
    expect((await applyByGraphQL(token, from, 'GUESS2')).json.errors[0].extensions.code).toBe(
      'COUPON_NOT_FOUND',
    )
    expect((await applyCoupon(token, from, 'GUESS3')).status).toBe(404)
    const refused = await applyByGraphQL(token, from, 'WELCOME10')
    expect(refused.json.errors[0].extensions.code).toBe('TOO_MANY_REQUESTS')
    expect(refused.json.data?.updateCurrentCart ?? null).toBeNull()
  })

  it('does not count cart changes that give no code', async () => {
    const { platform } = shop()
    const from = '203.0.113.44'
    const token = await platform.visitorToken(from)
    for (let index = 0; index < 6; index++) {
      const answer = await platform.call('PATCH', '/ecom/v1/carts/current', {
        token,
        from,
        body: { cartInfo: { buyerNote: `note ${index}` } },
      })
      expect(answer.status).toBe(200)
    }
  })
})
