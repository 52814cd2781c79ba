import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Db } from '../../db/db.ts'
import { DEMO_SITE_ID } from '../../seed/demo-store.ts'
import { listDisplayCurrencies } from '../../sites/display-currencies/display-currency-store.ts'
import { createDashboardPlatform, createTestBrowser } from '../../testing/dashboard-browser.ts'
import { databaseKinds, openTestDatabase } from '../../testing/test-database.ts'

describe.each(databaseKinds())('dashboard display currencies on %s', (kind) => {
  let db: Db
  let browser: ReturnType<typeof createTestBrowser>
  beforeAll(async () => {
    db = await openTestDatabase(kind)
    browser = createTestBrowser((await createDashboardPlatform(db)).app)
    await browser.signIn()
  })
  afterAll(() => db.close())

  it('saves the currencies and rates of the plain form, and removes an emptied row', async () => {
    const page = await browser.get('/dashboard/setup/currencies')
    expect(page.text).toContain('Orders are still paid in USD')
    const saved = await browser.submit('/dashboard/setup/currencies', {
      'cur-0-code': 'eur',
      'cur-0-rate': '0.92',
      'cur-1-code': 'GBP',
      'cur-1-rate': '0.79',
    })
    expect(saved.status).toBe(303)
    expect(await listDisplayCurrencies(db, DEMO_SITE_ID)).toEqual([
      { currency: 'EUR', rate: 0.92 },
      { currency: 'GBP', rate: 0.79 },
    ])
    await browser.get('/dashboard/setup/currencies')
    const removed = await browser.submit('/dashboard/setup/currencies', {
      'cur-0-code': '',
      'cur-0-rate': '',
    })
    expect(removed.status).toBe(303)
    expect(await listDisplayCurrencies(db, DEMO_SITE_ID)).toEqual([{ currency: 'GBP', rate: 0.79 }])
  })

  it('shows a bad rate and an unknown code beside their fields and stores nothing', async () => {
    await browser.get('/dashboard/setup/currencies')
    const notANumber = await browser.submit('/dashboard/setup/currencies', {
      'cur-1-code': 'CHF',
      'cur-1-rate': 'lots',
    })
    expect(notANumber.status).toBe(400)
    expect(notANumber.text).toMatch(/id="field-cur-1-rate-error">must be a number such as 0.92/)
    const unknown = await browser.submit('/dashboard/setup/currencies', {
      'cur-1-code': 'QQQ',
      'cur-1-rate': '2',
    })
    expect(unknown.status).toBe(400)
    expect(unknown.text).toMatch(/id="field-cur-1-code-error">is not a currency this platform knows/)
    expect(await listDisplayCurrencies(db, DEMO_SITE_ID)).toEqual([{ currency: 'GBP', rate: 0.79 }])
  })
})
