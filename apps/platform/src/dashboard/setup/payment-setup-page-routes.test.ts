import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { stripeSignatureHeader } from '../../checkout/stripe/testing/local-stripe.ts'
import type { Db } from '../../db/db.ts'
import { createDashboardPlatform, createTestBrowser } from '../../testing/dashboard-browser.ts'
import { databaseKinds, openTestDatabase } from '../../testing/test-database.ts'
import { TEST_PUBLIC_URL } from '../../testing/test-platform.ts'

const LIVE_KEY = 'sk_live_dashboardSecretKey0123456789'
const WEBHOOK_SECRET = 'whsec_dashboardWebhookSecret0123456789'

describe.each(databaseKinds())('dashboard payment setup on %s', (kind) => {
  let db: Db
  let dashboard: Awaited<ReturnType<typeof createDashboardPlatform>>
  let browser: ReturnType<typeof createTestBrowser>
  beforeAll(async () => {
    db = await openTestDatabase(kind)
    dashboard = await createDashboardPlatform(db, {
      stripe: { secretKey: LIVE_KEY, webhookSecret: WEBHOOK_SECRET },
    })
    browser = createTestBrowser(dashboard.app)
    await browser.signIn()
  })
  afterAll(() => db.close())

  it('shows the providers on, Stripe’s mode from its key, the webhook URL and whether a signed webhook came; never a key', async () => {
    const before = await browser.get('/dashboard/setup/payments')
    expect(before.status).toBe(200)
    expect(before.text).toContain('Live: real money')
    expect(before.text).toContain(`${TEST_PUBLIC_URL}/payments/v1/notifications/stripe`)
    expect(before.text).toContain('No signed webhook has arrived yet')
    expect(before.text).toContain('Test: no money moves')
    for (const secret of [LIVE_KEY, WEBHOOK_SECRET, 'sk_live_', 'whsec_'])
      expect(before.text).not.toContain(secret)

    const body = JSON.stringify({
      id: 'evt_1',
      object: 'event',
      type: 'account.updated',
      data: { object: {} },
    })
    const time = Math.floor(dashboard.clock().getTime() / 1000)
    const post = (secret: string) =>
      dashboard.app.request(`${TEST_PUBLIC_URL}/payments/v1/notifications/stripe`, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          'stripe-signature': stripeSignatureHeader(body, secret, time),
        },
        body,
      })
    expect((await post('whsec_notTheRegisteredOne')).status).toBe(400)
    expect((await browser.get('/dashboard/setup/payments')).text).toContain(
      'No signed webhook has arrived yet',
    )
    expect((await post(WEBHOOK_SECRET)).status).toBe(200)
    const after = await browser.get('/dashboard/setup/payments')
    expect(after.text).toContain('Last signed webhook arrived 1 Jun 2026, 08:00 EDT')
  })
})
