import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Db } from '../db/db.ts'
import { seedDemoCommerce } from '../seed/demo-commerce.ts'
import { DEMO_SITE_ID } from '../seed/demo-store.ts'
import { createDashboardPlatform, createTestBrowser } from '../testing/dashboard-browser.ts'
import { placeNotebookOrder } from '../testing/placed-orders.ts'
import { openTestDatabase } from '../testing/test-database.ts'
import { webhookEventText, webhookEventTypes } from '../webhooks/webhook-event-types.ts'

const ID = /[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/gi

/** The kind of page a dashboard address is: its path with ids as `:id`. */
const pageKind = (path: string) => path.replace(ID, ':id').replace(/\/\d+(?=\/|$)/g, '/:id')

/** What a merchant reads of a page: its text, without scripts, styles, choices of a list, and code shown as code. */
function readableText(html: string): string {
  return html
    .replace(/<(script|style|select|code|textarea)\b[\s\S]*?<\/\1>/gi, ' ')
    .replace(/<[^>]+>/g, ' ')
    .replace(/&amp;/g, '&')
    .replace(/&#x27;|&#39;/g, "'")
    .replace(/&quot;/g, '"')
    .replace(/\s+/g, ' ')
}

const NOUNS =
  'orders|items|products|sessions|tickets|attempts|days|variants|members|bookings|places|units|deliveries|endpoints|plans|events|collections|keys|uses|pictures|choices|lines'

/** The zones' IANA regions: a choice that starts with one ("America/New_York", "Europe / Berlin") is an id. */
const IANA_ZONE =
  /^\s*(Africa|America|Antarctica|Arctic|Asia|Atlantic|Australia|Europe|Indian|Pacific|Etc|US)\s*\/\s*\S/

/** Why the choices of a page's lists are not in words: a time zone picker listing IANA ids (decision 100). */
function optionProblemsOf(html: string): string[] {
  const problems: string[] = []
  for (const [, text] of html.matchAll(/<option\b[^>]*>([^<]*)<\/option>/gi))
    if (IANA_ZONE.test(text!)) problems.push(`a time zone's IANA id as a choice: ${text}`)
  return problems.slice(0, 1)
}

/** Why a page's text is not in words a merchant reads, or nothing. */
function problemsOf(text: string): string[] {
  const problems: string[] = []
  for (const match of text.matchAll(/\b[A-Z][A-Z0-9]*(?:_[A-Z0-9]+)+\b/g))
    problems.push(`a code: ${match[0]}`)
  let rest = text
  for (const type of webhookEventTypes) rest = rest.replaceAll(`${webhookEventText(type)} (${type})`, '')
  for (const type of webhookEventTypes)
    if (rest.includes(type)) problems.push(`an event type without its sentence: ${type}`)
  for (const match of text.matchAll(new RegExp(`(?<![\\d.,])1 (${NOUNS})\\b`, 'g')))
    problems.push(`a wrong plural: ${match[0]}`)
  for (const match of text.matchAll(/\b(UTC|GMT)\b/g))
    problems.push(`a time in ${match[0]}, not the shop's zone`)
  for (const match of text.matchAll(/\d{4}-\d{2}-\d{2}T\d{2}:\d{2}/g))
    problems.push(`an ISO time: ${match[0]}`)
  if (/\btest-card\b/.test(text)) problems.push('a provider id: test-card')
  return problems
}

// Every dashboard page the home page leads to, one of each kind, read as a merchant in New York reads it
// (the demo shop's zone) after a paid order, a webhook endpoint and a dated coupon exist: no enum codes,
// event types only beside their sentence, no "1 orders", no UTC time, no provider id (issue 33 item 4).
describe('every dashboard page in words', () => {
  let db: Db
  let dashboard: Awaited<ReturnType<typeof createDashboardPlatform>>
  beforeAll(async () => {
    db = await openTestDatabase('pglite')
    await seedDemoCommerce(db, DEMO_SITE_ID, new Date('2026-01-01T00:00:00Z'))
    dashboard = await createDashboardPlatform(db)
  })
  afterAll(() => db.close())

  it('writes no codes, no wrong plurals and no UTC times on any page the home page leads to', async () => {
    // A paid order (by test card) and an unpaid one, so the order pages show payments and their providers.
    const paid = await placeNotebookOrder(dashboard.app, db, dashboard.clock(), {
      paid: true,
      email: 'ada@example.com',
    })
    await placeNotebookOrder(dashboard.app, db, dashboard.clock(), { quantity: 2 })

    const owner = createTestBrowser(dashboard.app)
    await owner.signIn()
    await owner.get('/dashboard/webhooks')
    await owner.submit('/dashboard/webhooks', {
      url: 'https://hooks.example.com/orders',
      eventTypes: ['order.created', 'order.refunded'],
    })
    await owner.get('/dashboard/setup/coupons')
    await owner.submit('/dashboard/setup/coupons', {
      code: 'SUMMER5',
      name: 'Summer',
      kind: 'FIXED_AMOUNT',
      value: '5',
      minimumSubtotal: '',
      startsAt: '2026-06-01 09:00',
      expiresAt: '2026-08-31 23:59',
      usageLimit: '1',
    })

    const queue = ['/dashboard/home']
    const seen = new Set(queue.map(pageKind))
    const problems: string[] = []
    const pages = new Map<string, string>()
    while (queue.length > 0) {
      const path = queue.shift()!
      const page = await owner.get(path)
      expect(page.status, path).toBe(200)
      for (const problem of problemsOf(readableText(page.text))) problems.push(`${path}: ${problem}`)
      for (const problem of optionProblemsOf(page.text)) problems.push(`${path}: ${problem}`)
      pages.set(pageKind(path.split('?')[0]!), page.text)
      for (const [, href] of page.text.matchAll(/<a [^>]*href="(\/dashboard[^"#]*)"/g)) {
        const next = href!.replace(/&amp;/g, '&')
        const kind = pageKind(next.split('?')[0]!)
        if (/\.(csv|pdf|json)$|logout|packing-slip/.test(kind) || seen.has(kind)) continue
        seen.add(kind)
        queue.push(next)
      }
    }
    expect(seen.size).toBeGreaterThan(20)
    expect(problems).toEqual([])
    // The three zone pickers were among the pages read (their choices checked above), and the paid
    // order's page names its provider by the provider's own title.
    for (const picker of [
      '/dashboard/setup/shop',
      '/dashboard/bookings/services/:id',
      '/dashboard/events/new',
    ])
      expect(pages.get(picker), picker).toContain('(GMT-05:00) Eastern Time — New York')
    const paidPage = readableText((await owner.get(`/dashboard/orders/${paid.orderId}`)).text)
    expect(paidPage).toContain('Provider Card (test mode)')
    expect(paidPage).toMatch(/left to refund through Card \(test mode\)\./)
  })
})
