import type { Db } from '../db/db.ts'
import { queryOne } from '../db/db.ts'

/** An OAuth client with the URIs registered for it. */
export interface ClientRegistration {
  id: string
  siteId: string
  /** Where codes may be sent (exact strings). */
  redirectUris: readonly string[]
  /** Where the browser may go after logout (exact strings), besides `redirectUris`. */
  postLogoutRedirectUris: readonly string[]
}

/** The client registered under `clientId`, with its URIs, if any. */
export async function findClientRegistration(
  db: Db,
  clientId: string,
): Promise<ClientRegistration | undefined> {
  const row = await queryOne<{
    id: string
    site_id: string
    redirect_uris: string[]
    post_logout_redirect_uris: string[]
  }>(db, 'select id, site_id, redirect_uris, post_logout_redirect_uris from oauth_clients where id = $1', [
    clientId,
  ])
  return (
    row && {
      id: row.id,
      siteId: row.site_id,
      redirectUris: row.redirect_uris,
      postLogoutRedirectUris: row.post_logout_redirect_uris,
    }
  )
}

const LOOPBACK_HOSTS = new Set(['localhost', '127.0.0.1', '[::1]'])

/**
 * Whether a URI may be redirected to at all: absolute, `https` (or `http` on a loopback host), with no
 * fragment and no user info. Registration should refuse the others; redirects check again.
 *
 * @see https://www.rfc-editor.org/rfc/rfc9700#section-2.6 (http only for loopback)
 * @see https://www.rfc-editor.org/rfc/rfc6749#section-3.1.2 (no fragment)
 */
export function isSafeRedirectUri(uri: string): boolean {
  if (uri.length > 2_000 || /[\s\\]/.test(uri)) return false
  let url: URL
  try {
    url = new URL(uri)
  } catch {
    return false
  }
  if (url.hash !== '' || uri.includes('#') || url.username !== '' || url.password !== '') return false
  if (url.protocol === 'https:') return true
  return url.protocol === 'http:' && LOOPBACK_HOSTS.has(url.hostname)
}

/**
 * Whether `candidate` is one of `registered`, compared as exact strings (no prefix, no normalisation:
 * a trailing slash, a case change or an extra parameter is another URI), and safe.
 *
 * @see https://www.rfc-editor.org/rfc/rfc9700#section-4.1.3
 */
export function isRegisteredUri(registered: readonly string[], candidate: string): boolean {
  return registered.includes(candidate) && isSafeRedirectUri(candidate)
}

/** Where a logout or a login may send the browser back to: the client's redirect and post-logout URIs. */
export function isRegisteredReturnUri(client: ClientRegistration, candidate: string): boolean {
  return (
    isRegisteredUri(client.redirectUris, candidate) ||
    isRegisteredUri(client.postLogoutRedirectUris, candidate)
  )
}

/**
 * The registered redirect URI with the authorization response added: in the query (keeping the URI's
 * own parameters) or in the fragment.
 *
 * @see https://www.rfc-editor.org/rfc/rfc6749#section-4.1.2
 */
export function toAuthorizationResponseUrl(
  redirectUri: string,
  params: Record<string, string>,
  responseMode: 'query' | 'fragment',
): string {
  const url = new URL(redirectUri)
  if (responseMode === 'query') {
    for (const [name, value] of Object.entries(params)) url.searchParams.append(name, value)
  } else {
    url.hash = new URLSearchParams(params).toString()
  }
  return url.toString()
}
