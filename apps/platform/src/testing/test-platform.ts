import { type AppDeps, createApp } from '../app.ts'
import type { Db } from '../db/db.ts'
import { seedDemoCommerce } from '../seed/demo-commerce.ts'
import { DEMO_CLIENT_ID } from '../seed/demo-ids.ts'
import { DEMO_SITE_ID } from '../seed/demo-store.ts'
import { type DatabaseKind, openTestDatabase } from './test-database.ts'

export const TEST_PUBLIC_URL = 'http://platform.test'

/** A clock tests can move. */
export function createTestClock(start = new Date('2026-06-01T12:00:00Z')) {
  let now = start.getTime()
  const clock = () => new Date(now)
  return Object.assign(clock, {
    advance(seconds: number) {
      now += seconds * 1000
    },
  })
}

/** The real app on a test database (with `more` of its dependencies), with helpers to call it as a visitor. */
export function createTestPlatform(db: Db, more: Partial<AppDeps> = {}) {
  const clock = createTestClock()
  const app = createApp({ db, publicUrl: TEST_PUBLIC_URL, clock, ...more })

  async function call(
    method: string,
    path: string,
    options: { token?: string; body?: unknown; headers?: Record<string, string> } = {},
  ) {
    const headers: Record<string, string> = { ...options.headers }
    if (options.token) headers.authorization = options.token
    if (options.body !== undefined) headers['content-type'] ??= 'application/json'
    const response = await app.request(`${TEST_PUBLIC_URL}${path}`, {
      method,
      headers,
      body:
        options.body === undefined
          ? undefined
          : typeof options.body === 'string'
            ? options.body
            : JSON.stringify(options.body),
    })
    const text = await response.text()
    let json: unknown
    try {
      json = JSON.parse(text)
    } catch {
      json = undefined
    }
    return { status: response.status, headers: response.headers, json: json as Record<string, any>, text }
  }

  async function visitorTokens(clientId = DEMO_CLIENT_ID) {
    const response = await call('POST', '/oauth2/token', { body: { clientId, grantType: 'anonymous' } })
    if (response.status !== 200) throw new Error(`anonymous grant failed: ${response.text}`)
    return response.json as { access_token: string; refresh_token: string; expires_in: number }
  }

  /** `fetch` for the SDK: the in-process app behind a real Request/Response pair. */
  const fetch = (input: RequestInfo | URL, init?: RequestInit) =>
    Promise.resolve(app.request(input as string, init))

  return { app, db, clock, call, visitorTokens, fetch, paymentProviders: app.paymentProviders }
}

/**
 * The real app on a fresh database of `kind` holding the demo store's catalogue (seeded as of
 * 2026-01-01), with the id of its notebook, the product most tests put in a cart.
 */
export async function openDemoCommerce(kind: DatabaseKind) {
  const db = await openTestDatabase(kind)
  const platform = createTestPlatform(db)
  await seedDemoCommerce(db, DEMO_SITE_ID, new Date('2026-01-01T00:00:00Z'))
  const [notebook] = await db.query<{ id: string }>("select id from products where slug = 'meadow-notebook'")
  if (!notebook) throw new Error('the demo store has no meadow-notebook')
  return { db, platform, notebookId: notebook.id }
}
