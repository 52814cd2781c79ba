// Test helpers only: excluded from the build (tsconfig.build.json) and from the public surface.

/** A request as the fake `fetch` saw it. */
export interface RecordedRequest {
  method: string
  url: URL
  /** Origin of the URL, e.g. `http://api.test`. */
  host: string
  /** Path without the query string. */
  path: string
  headers: Headers
  /** The body parsed as JSON, or the raw text when it is not JSON, or `undefined`. */
  body: unknown
  /** The `redirect` mode asked for, when one was. */
  redirect: RequestRedirect | undefined
}

/** Produces the answer to one request: a `Response`, or an error to reject with (a dropped connection). */
export type Responder = (request: RecordedRequest) => Response | Error | Promise<Response | Error>

/** A scripted `fetch` that records every request. */
export interface FakeFetch {
  /** The function to pass as the client's `fetch`. */
  fetch: (input: string, init?: RequestInit) => Promise<Response>
  /** Every request, in order. */
  requests: RecordedRequest[]
  /** Answers every request for `route` (`'POST /oauth2/token'`, or `'*'`) with `responder`. */
  on(route: string, responder: Responder): FakeFetch
  /** Answers the next request for `route` with `responder`, once, before any `on` answer. */
  once(route: string, responder: Responder): FakeFetch
  /** The requests for `route`. */
  requestsTo(route: string): RecordedRequest[]
}

/**
 * Creates a scripted fake `fetch`. Requests nobody scripted reject with an error naming them, so a
 * test fails loudly instead of hanging.
 */
export function createFakeFetch(): FakeFetch {
  const requests: RecordedRequest[] = []
  const standing = new Map<string, Responder>()
  const queued: { route: string; responder: Responder }[] = []

  const fake: FakeFetch = {
    requests,
    async fetch(input, init = {}) {
      const url = new URL(input)
      const text = typeof init.body === 'string' ? init.body : undefined
      const request: RecordedRequest = {
        method: (init.method ?? 'GET').toUpperCase(),
        url,
        host: url.origin,
        path: url.pathname,
        headers: new Headers(init.headers),
        body: text === undefined ? undefined : parseJsonOrText(text),
        redirect: init.redirect,
      }
      requests.push(request)
      const route = `${request.method} ${request.path}`
      const index = queued.findIndex((entry) => matches(entry.route, route))
      const responder =
        index >= 0 ? queued.splice(index, 1)[0]?.responder : (standing.get(route) ?? standing.get('*'))
      if (!responder) throw new Error(`fake fetch: nothing scripted for ${route}`)
      const answer = await responder(request)
      if (answer instanceof Error) throw answer
      return answer
    },
    on(route, responder) {
      standing.set(route, responder)
      return fake
    },
    once(route, responder) {
      queued.push({ route, responder })
      return fake
    },
    requestsTo(route) {
      return requests.filter((request) => matches(route, `${request.method} ${request.path}`))
    },
  }
  return fake
}

/** Builds a JSON `Response`, with an `x-request-id` header when `requestId` is given. */
export function jsonResponse(
  body: unknown,
  init: { status?: number; statusText?: string; requestId?: string } = {},
): Response {
  const headers = new Headers({ 'content-type': 'application/json' })
  if (init.requestId) headers.set('x-request-id', init.requestId)
  return new Response(JSON.stringify(body), {
    status: init.status ?? 200,
    statusText: init.statusText ?? '',
    headers,
  })
}

/** A token endpoint answer: `access_token` `access-<n>`, `refresh_token` `refresh-<n>`. */
export function tokenResponse(n: number, expiresIn = 3600): Response {
  return jsonResponse({
    access_token: `access-${n}`,
    expires_in: expiresIn,
    refresh_token: `refresh-${n}`,
    token_type: 'Bearer',
  })
}

/** A promise with its `resolve` outside, to hold an answer until the test releases it. */
export function createDeferred<T>(): { promise: Promise<T>; resolve: (value: T) => void } {
  let resolve: (value: T) => void = () => undefined
  const promise = new Promise<T>((settle) => {
    resolve = settle
  })
  return { promise, resolve }
}

function matches(route: string, actual: string): boolean {
  return route === '*' || route === actual
}

function parseJsonOrText(text: string): unknown {
  try {
    return JSON.parse(text)
  } catch {
    return text
  }
}
