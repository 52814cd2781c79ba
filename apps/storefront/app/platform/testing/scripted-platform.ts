import { createClient, OAuthStrategy } from '@aisle/sdk'
import { type AisleClient, STOREFRONT_MODULES } from '../aisle.server'

// The real SDK client on a scripted `fetch` that answers as the platform does: the storefront never imports
// the platform, so its wire answers are written out in the tests that use this.

/** One call the scripted platform received (the token requests left out). */
export interface Call {
  method: string
  path: string
  body: unknown
}

/** A scripted answer: a status and JSON body, or a connection that fails. */
export type Answer = { status?: number; body: unknown } | 'network-error'

/** An answer computed from the call, e.g. one page of a query by its `q` parameter's offset. */
export type AnswerFunction = (call: Call & { searchParams: URLSearchParams }) => Answer

/** The wire body of an application error (spec section 8). */
export function applicationError(status: number, code: string, data: Record<string, unknown> = {}): Answer {
  return { status, body: { message: code, details: { applicationError: { description: code, code, data } } } }
}

/**
 * A `fetch` that answers `"METHOD /path"` from `answers` (404 `ROUTE_NOT_FOUND` for any other) and every
 * token request with visitor tokens, and records the calls: for a client of its own, or stubbed as the
 * global `fetch` for a route run by `callRoute`.
 */
export function createScriptedFetch(answers: Record<string, Answer | AnswerFunction>) {
  const calls: Call[] = []
  const fetch = async (input: RequestInfo | URL, init?: RequestInit) => {
    const request = new Request(input, init)
    const { pathname, searchParams } = new URL(request.url)
    const text = await request.text()
    const key = `${request.method} ${pathname}`
    // Token requests get visitor tokens unless the test scripts them (e.g. a refused code exchange).
    if (key === 'POST /oauth2/token' && !answers[key]) {
      return Response.json({
        access_token: 'access-1',
        refresh_token: 'refresh-1',
        expires_in: 3600,
        token_type: 'Bearer',
      })
    }
    const call: Call = { method: request.method, path: pathname, body: text ? JSON.parse(text) : undefined }
    calls.push(call)
    const scripted = answers[key]
    const answer = typeof scripted === 'function' ? scripted({ ...call, searchParams }) : scripted
    if (answer === 'network-error') throw new TypeError('fetch failed')
    if (!answer) return Response.json(applicationError(404, 'ROUTE_NOT_FOUND'), { status: 404 })
    return Response.json(answer.body, { status: answer.status ?? 200 })
  }
  return { fetch, calls }
}

/**
 * Creates the storefront's SDK client on a scripted `fetch` (`createScriptedFetch`) and records the calls.
 */
export function createScriptedClient(answers: Record<string, Answer | AnswerFunction>) {
  const { fetch, calls } = createScriptedFetch(answers)
  const client: AisleClient = createClient({
    auth: OAuthStrategy({ clientId: 'client-1' }),
    modules: STOREFRONT_MODULES,
    baseUrl: 'http://api.test',
    fetch,
  })
  return { client, calls }
}
