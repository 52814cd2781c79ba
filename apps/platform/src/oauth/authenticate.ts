import type { Context } from 'hono'
import type { Clock } from '../clock.ts'
import type { Db } from '../db/db.ts'
import type { AppEnv, DeferTokenCheck } from '../http/api.ts'
import type { Caller } from '../http/caller.ts'
import { ApplicationError } from '../http/errors.ts'
import { isUuid } from '../http/validation.ts'
import { findMerchantByApiKey, isApiKey } from '../sites/api-key-store.ts'
import { hashToken } from './opaque-token.ts'
import { findCallerByAccessToken } from './token-store.ts'

/** Reads the credential from `Authorization` (raw, or after `Bearer `). */
export function readCredential(header: string | undefined): string | undefined {
  if (!header) return undefined
  const value = header.replace(/^Bearer\s+/i, '').trim()
  return value.length > 0 && value.length <= 512 ? value : undefined
}

/**
 * Resolves the caller of a request from its access token, or from a merchant API key with the
 * `aisle-site-id` header naming the key's site; ends the request with 401 otherwise.
 */
export function createAuthenticate(deps: { db: Db; clock: Clock }) {
  return async function requireCaller(c: Context<AppEnv>): Promise<Caller> {
    const credential = readCredential(c.req.header('authorization'))
    if (!credential) {
      throw new ApplicationError(
        'UNAUTHENTICATED',
        'An access token or API key is required in the Authorization header',
      )
    }
    if (isApiKey(credential)) {
      const siteId = c.req.header('aisle-site-id') ?? ''
      if (!isUuid(siteId)) {
        throw new ApplicationError(
          'UNAUTHENTICATED',
          'An API key needs the aisle-site-id header naming its site',
        )
      }
      const merchant = await findMerchantByApiKey(deps.db, credential, siteId)
      if (!merchant)
        throw new ApplicationError('UNAUTHENTICATED', 'The API key is unknown, revoked or of another site')
      c.set('corsClientId', null)
      return merchant
    }
    const caller = await findCallerByAccessToken(deps.db, credential, deps.clock())
    if (!caller) throw accessTokenRefused()
    c.set('corsClientId', caller.clientId)
    return caller
  }
}

/** The answer to an access token that is unknown, expired or revoked, wherever it is checked. */
export function accessTokenRefused(): ApplicationError {
  return new ApplicationError('UNAUTHENTICATED', 'The access token is unknown, expired or revoked')
}

/**
 * For `shopperToken` routes: the request's access token, for the handler to check in its own first
 * statement (and then to report the caller, for CORS, as `requireCaller` does). Anything else (no
 * credential, an API key) is left to `requireCaller`.
 */
export function createDeferTokenCheck(deps: { clock: Clock }): DeferTokenCheck {
  return (c) => {
    const credential = readCredential(c.req.header('authorization'))
    if (!credential || isApiKey(credential)) return undefined
    return {
      kind: 'unchecked',
      tokenHash: hashToken(credential),
      now: deps.clock(),
      checked: (caller) => c.set('corsClientId', caller.clientId),
    }
  }
}
