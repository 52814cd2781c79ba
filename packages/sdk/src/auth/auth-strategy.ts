/** What a strategy may use to reach the platform: unauthorised calls on the client's hosts. */
export interface AuthTransport {
  /** A call on one of the client's hosts that carries no token (the token endpoint itself). */
  fetchWithoutAuth(pathOrUrl: string, init?: RequestInit): Promise<Response>
}

/**
 * How a client authorises its calls. {@link OAuthStrategy} is the one the SDK ships; the interface is
 * the extension point for others (an API-key strategy for merchant calls).
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
