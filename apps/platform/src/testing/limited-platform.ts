import { type AppDeps, createApp } from '../app.ts'
import type { Db } from '../db/db.ts'
import { DEMO_CLIENT_ID } from '../seed/demo-ids.ts'
import { createTestClock, TEST_PUBLIC_URL } from './test-platform.ts'

/** What a request of {@link createLimitedPlatform} may carry besides method and path. */
export interface LimitedCall {
  /** The socket peer's address, as `@hono/node-server` shows it to the app; none for an in-process call. */
  from?: string
  token?: string
  body?: unknown
  form?: Record<string, string>
  headers?: Record<string, string>
}

/**
 * The real app with the options of an abuse test (rate limits, trusted proxies, captcha), whose
 * requests can come from a socket address: the env `@hono/node-server` hands the app.
 */
export function createLimitedPlatform(db: Db, options: Omit<AppDeps, 'db' | 'publicUrl' | 'clock'> = {}) {
  const clock = createTestClock()
  const app = createApp({ db, publicUrl: TEST_PUBLIC_URL, clock, ...options })

  async function call(method: string, path: string, request: LimitedCall = {}) {
    const headers: Record<string, string> = { ...request.headers }
    if (request.token) headers.authorization = request.token
    let body: string | undefined
    if (request.form) {
      headers['content-type'] = 'application/x-www-form-urlencoded'
      body = new URLSearchParams(request.form).toString()
    } else if (request.body !== undefined) {
      headers['content-type'] = 'application/json'
      body = typeof request.body === 'string' ? request.body : JSON.stringify(request.body)
    }
    const env = request.from ? { incoming: { socket: { remoteAddress: request.from } } } : undefined
    const response = await app.request(`${TEST_PUBLIC_URL}${path}`, { method, headers, body }, env)
    const text = await response.text()
    let json: Record<string, any> | undefined
    try {
      json = JSON.parse(text)
    } catch {
      json = undefined
    }
    return { status: response.status, headers: response.headers, json: json as Record<string, any>, text }
  }

  /** A visitor's access token, asked for from `from`. */
  async function visitorToken(from = '198.51.100.1', clientId = DEMO_CLIENT_ID): Promise<string> {
    const response = await call('POST', '/oauth2/token', { from, body: { clientId, grantType: 'anonymous' } })
    if (response.status !== 200) throw new Error(`anonymous grant failed: ${response.text}`)
    return response.json.access_token as string
  }

  return { app, clock, call, visitorToken }
}
