import type { ApiFamily } from '../http/api-prefixes.js'

/** One JSON call a strategy makes through the client's pipeline (a redirect session, a login). */
export interface AuthCall {
  method: 'GET' | 'POST'
  /** API family, which picks the path prefix. */
  api: ApiFamily
  /** The spec's path, e.g. `/v2/login`. */
  path: string
  /** JSON body, reshaped for the wire like any call's. */
  body?: unknown
  /** Query string parameters; `undefined` values are left out. */
  params?: Record<string, string | undefined>
}

/** What a strategy may use to reach the platform, given by `createClient` through `attach`. */
export interface AuthTransport {
  /** A call on one of the client's hosts that carries no token (the token endpoint itself). */
  fetchWithoutAuth(pathOrUrl: string, init?: RequestInit): Promise<Response>
  /**
   * An authorised call through the client's pipeline: wire transforms, one refresh and replay on 401,
   * and every non-200 answer rejected as an `AisleError`.
   */
  request<T>(call: AuthCall): Promise<T>
  /** The full path of `path` under the client's prefix of `api`, e.g. `('oauth', '/token')` -> `/oauth2/token`. */
  toPath(api: ApiFamily, path: string): string
  /** The client's `baseUrl`, where it asks for the platform's own pages (the hosted authorize page). */
  readonly baseUrl: string
}

/**
 * How a client authorises its calls: {@link OAuthStrategy} for visitors and members,
 * {@link ApiKeyStrategy} for merchant scripts; the interface is the extension point for others.
 */
export interface AuthStrategy {
  /**
   * Called once by `createClient` with the client's transport, before any call. A strategy that calls
   * the platform itself (for tokens) keeps it.
   */
  attach?(transport: AuthTransport): void
  /** Headers that authorise the next call, fetching or renewing credentials first when needed. */
  getAuthHeaders(): Promise<Record<string, string>>
  /**
   * Called when a call that carried `rejected` (the headers from {@link AuthStrategy.getAuthHeaders})
   * got a 401. Renews the credentials and resolves `true` when the call is worth replaying, once.
   */
  renewAfterUnauthorized?(rejected: Record<string, string>): Promise<boolean>
}
