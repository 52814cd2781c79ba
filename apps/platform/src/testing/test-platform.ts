import { createApp } from '../app.ts'
import type { Db } from '../db/db.ts'
import { DEMO_CLIENT_ID } from '../seed/demo-ids.ts'

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

/** The real app on a test database, with helpers to call it as a visitor. */
export function createTestPlatform(db: Db) {
  const clock = createTestClock()
  const app = createApp({ db, publicUrl: TEST_PUBLIC_URL, clock })

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
