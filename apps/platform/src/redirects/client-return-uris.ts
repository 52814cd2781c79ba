import type { Db } from '../db/db.ts'
import { ApplicationError, type FieldViolation, ValidationError } from '../http/errors.ts'
import { appendClientReturnUris } from './client-registration-store.ts'
import { type ClientRegistration, isSafeRedirectUri } from './redirect-uri.ts'

/** Return addresses to give an OAuth client: where codes may go, and where a signed-out member may land. */
export interface ClientReturnUris {
  /** Redirect URIs: where codes may be sent; their origins may also take callbacks (thank-you, cart). */
  redirectUris: readonly string[]
  /** Post-logout redirect URIs: where a signed-out member may land (their origins take callbacks too). */
  postLogoutRedirectUris: readonly string[]
}

/** How many URIs of each kind one call may add: a storefront has a handful of addresses, not hundreds. */
export const MAX_RETURN_URIS_PER_CALL = 50

/**
 * Adds return addresses to the site's OAuth client, keeping those it has: each URI once, in the order
 * given, so calling it again with the same addresses changes nothing. `npm start` (through the demo seed)
 * registers the storefront's address with it; the dashboard's client settings would use it too.
 * Answers the client as it now is.
 *
 * @throws ValidationError when a URI is not absolute https (or http on a loopback host), has a fragment
 *   or user info; nothing is added then.
 * @throws ApplicationError OAUTH_CLIENT_NOT_FOUND when the site has no client `clientId`.
 */
export async function addClientReturnUris(
  db: Db,
  siteId: string,
  clientId: string,
  uris: ClientReturnUris,
): Promise<ClientRegistration> {
  const violations: FieldViolation[] = []
  for (const field of ['redirectUris', 'postLogoutRedirectUris'] as const) {
    if (uris[field].length > MAX_RETURN_URIS_PER_CALL)
      violations.push({
        field,
        description: `must hold at most ${MAX_RETURN_URIS_PER_CALL} URIs`,
        violatedRule: 'MAX_SIZE',
      })
    uris[field].forEach((uri, index) => {
      if (!isSafeRedirectUri(uri))
        violations.push({
          field: `${field}[${index}]`,
          description:
            'must be an absolute https URL (or http on a loopback host) without fragment or user info',
          violatedRule: 'FORMAT',
        })
    })
  }
  if (violations.length > 0) throw new ValidationError(violations)
  const updated = await appendClientReturnUris(db, siteId, clientId, {
    redirectUris: [...new Set(uris.redirectUris)],
    postLogoutRedirectUris: [...new Set(uris.postLogoutRedirectUris)],
  })
  if (!updated)
    throw new ApplicationError('OAUTH_CLIENT_NOT_FOUND', 'The site has no OAuth client with this id.')
  return { id: clientId, siteId, ...updated }
}
