import { invalidArgument } from '../http/aisle-error.js'
import type { FetchFunction } from '../http/fetch-function.js'

/** Options of {@link createWixAdapter}. */
export interface WixAdapterOptions {
  /** The Aisle platform's URL (origin, and a base path if it is mounted under one). */
  platformUrl: string
  /** The `fetch` that reaches the platform: the global one (as it was before `install`) by default. */
  fetch?: FetchFunction | undefined
}

/** The tokens of the Wix client's `OAuthStrategy`, as far as the adapter reads them. */
export interface WixTokens {
  accessToken: { value: string; expiresAt: number }
  refreshToken: { value: string; role: string }
}

/** The Wix client's token storage (`OAuthStrategy({ tokenStorage })`): synchronous, like the Wix one. */
export interface WixTokenStorage<T extends WixTokens = WixTokens> {
  /** The tokens kept now. */
  getTokens(): T
  /** Keeps the tokens the Wix client got or refreshed, in place of the ones kept. */
  setTokens(tokens: T): void
}

/** What {@link createWixAdapter} returns. */
export interface WixAdapter {
  /**
   * A `fetch` that sends the Wix client's requests (to `*.wixapis.com`) to the platform, path and query
   * as they are, and passes any other request on untouched.
   */
  fetch: (input: string | URL | Request, init?: RequestInit) => Promise<Response>
  /**
   * Makes {@link WixAdapter.fetch} the global `fetch` and returns the function that puts the previous one
   * back. The Wix `OAuthStrategy` sends its token, login and redirect-session requests through the global
   * `fetch` to `www.wixapis.com` and has no option to change that.
   */
  install(target?: { fetch: typeof fetch }): () => void
  /**
   * A token storage for the Wix `OAuthStrategy` (around `inner`, memory by default) that stores the
   * refresh token the platform rotated to, where the Wix client would keep the one it sent.
   */
  tokenStorage<T extends WixTokens>(inner?: WixTokenStorage<T>): WixTokenStorage<T>
}

const EMPTY_TOKENS: WixTokens = {
  accessToken: { value: '', expiresAt: 0 },
  refreshToken: { value: '', role: 'none' },
}

/** Whether `url` is one of the Wix API hosts the Wix client calls (`www.`, `edge.`, `readonly.wixapis.com`...). */
export function isWixApiUrl(url: URL): boolean {
  return (
    url.protocol === 'https:' && (url.hostname === 'wixapis.com' || url.hostname.endsWith('.wixapis.com'))
  )
}

/**
 * The platform URL a Wix API request goes to: the same path and query under `platformUrl`. The
 * platform knows the Wix client's paths (decision 032), so only the host changes.
 */
export function toPlatformUrl(url: URL, platformUrl: string): string {
  return `${platformUrl}${url.pathname}${url.search}`
}

/**
 * Lets an app built on the Wix Headless client (`@wix/sdk` with `@wix/stores`, `@wix/ecom`,
 * `@wix/redirects`, `@wix/identity`) run against an Aisle platform by changing only how its client is
 * created. Besides the host, it does the one thing the Wix client needs that the platform should not
 * do: the Wix client keeps sending the refresh token it started with, while the platform rotates it at
 * each use and takes a spent one for a stolen one (decision 032); the adapter sends the token it was
 * rotated to instead (in this process), and its `tokenStorage` stores that one (across processes).
 *
 * @example
 * ```ts
 * import { createClient, OAuthStrategy } from '@wix/sdk'
 * import { createWixAdapter } from '@aisle/sdk/wix'
 *
 * const aisle = createWixAdapter({ platformUrl: 'https://shop.example.com' })
 * aisle.install()
 * const client = createClient({
 *   modules: { products, currentCart },
 *   auth: OAuthStrategy({ clientId, tokenStorage: aisle.tokenStorage() }),
 * })
 * ```
 * @throws {AisleError} `INVALID_ARGUMENT` when `platformUrl` is not an absolute http(s) URL.
 */
export function createWixAdapter(options: WixAdapterOptions): WixAdapter {
  const platformUrl = toPlatformBase(options.platformUrl)
  // Where requests go on: the given fetch, else the global one as it was before `install`.
  let previousGlobal: typeof fetch | undefined
  const passOn = (input: string | URL | Request, init?: RequestInit): Promise<Response> =>
    Promise.resolve(
      options.fetch
        ? options.fetch.call(globalThis, input instanceof Request ? (input as never) : String(input), init)
        : (previousGlobal ?? globalThis.fetch).call(globalThis, input, init),
    )
  // Each refresh token the platform rotated away from, to the newest one it rotated to.
  const successors = new Map<string, string>()
  const newest = (token: string) => successors.get(token) ?? token

  async function send(input: string | URL | Request, init?: RequestInit): Promise<Response> {
    const request = input instanceof Request ? input : undefined
    const url = new URL(request ? request.url : String(input))
    if (!isWixApiUrl(url)) return passOn(input, init)
    const method = (init?.method ?? request?.method ?? 'GET').toUpperCase()
    const headers = new Headers(request?.headers)
    for (const [name, value] of new Headers(init?.headers)) headers.set(name, value)
    let body: BodyInit | null | undefined = init?.body
    if (body === undefined && request && method !== 'GET' && method !== 'HEAD') body = await request.text()
    const refresh = url.pathname === '/oauth2/token' ? toCurrentRefreshGrant(body, newest) : undefined
    if (refresh) body = refresh.body
    const response = await passOn(toPlatformUrl(url, platformUrl), {
      method,
      headers,
      body,
      signal: init?.signal ?? request?.signal,
    })
    if (refresh && response.status === 200) {
      const rotatedTo = await readAnsweredRefreshToken(response.clone())
      if (rotatedTo) remember(refresh, rotatedTo)
    }
    return response
  }

  // The token presented first, the one sent for it, and every other one that led to it now lead to `rotatedTo`.
  function remember(refresh: { presented: string; sent: string }, rotatedTo: string) {
    for (const [token, successor] of successors) {
      if (successor === refresh.sent) successors.set(token, rotatedTo)
    }
    for (const token of [refresh.presented, refresh.sent]) {
      if (token !== rotatedTo) successors.set(token, rotatedTo)
    }
  }

  return {
    fetch: send,
    install(target = globalThis) {
      const previous = target.fetch
      previousGlobal = previous
      target.fetch = send as typeof fetch
      return () => {
        target.fetch = previous
        previousGlobal = undefined
      }
    },
    tokenStorage<T extends WixTokens>(inner?: WixTokenStorage<T>): WixTokenStorage<T> {
      let held = EMPTY_TOKENS as T
      const storage = inner ?? {
        getTokens: () => held,
        setTokens: (tokens: T) => {
          held = tokens
        },
      }
      return {
        getTokens: () => storage.getTokens(),
        setTokens(tokens) {
          const value = tokens.refreshToken?.value
          const current = value ? newest(value) : value
          storage.setTokens(
            current === value
              ? tokens
              : { ...tokens, refreshToken: { ...tokens.refreshToken, value: current } },
          )
        },
      }
    },
  }
}

/**
 * A refresh-token grant's JSON body with the newest successor of its refresh token (under either of its
 * names) in its place; `undefined` for any other body.
 */
function toCurrentRefreshGrant(
  body: BodyInit | null | undefined,
  newest: (token: string) => string,
): { presented: string; sent: string; body: string } | undefined {
  if (typeof body !== 'string') return undefined
  let json: Record<string, unknown>
  try {
    json = JSON.parse(body) as Record<string, unknown>
  } catch {
    return undefined
  }
  if (typeof json !== 'object' || json === null || (json.grantType ?? json.grant_type) !== 'refresh_token')
    return undefined
  const name = 'refreshToken' in json ? 'refreshToken' : 'refresh_token'
  const presented = json[name]
  if (typeof presented !== 'string' || !presented) return undefined
  const sent = newest(presented)
  return { presented, sent, body: sent === presented ? body : JSON.stringify({ ...json, [name]: sent }) }
}

async function readAnsweredRefreshToken(response: Response): Promise<string | undefined> {
  try {
    const json = (await response.json()) as { refresh_token?: unknown }
    return typeof json.refresh_token === 'string' ? json.refresh_token : undefined
  } catch {
    return undefined
  }
}

function toPlatformBase(value: unknown): string {
  let url: URL | undefined
  try {
    url = typeof value === 'string' ? new URL(value) : undefined
  } catch {
    url = undefined
  }
  if (!url || (url.protocol !== 'http:' && url.protocol !== 'https:') || url.search || url.hash) {
    throw invalidArgument(
      `"platformUrl" must be an absolute http(s) URL without query or fragment, got ${JSON.stringify(value)}`,
    )
  }
  return (url.origin + url.pathname).replace(/\/+$/, '')
}
