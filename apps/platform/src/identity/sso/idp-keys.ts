import type { JsonWebKey } from 'node:crypto'
import { createLocalJWKSet, errors, type JWK, type JWTVerifyGetKey } from 'jose'
import type { Db } from '../../db/db.ts'
import { type ResolveHost, sendOutboundRequest, systemResolveHost } from '../../http/outbound-request.ts'
import type { JwkSet } from '../../oauth/id-token.ts'
import { type IdpConnection, usableKeys } from './idp-connection-store.ts'
import { claimKeyRequest, type FetchedKeys, readFetchedKeys, storeFetchedKeys } from './idp-key-store.ts'

/** What fetching a provider's keys needs. */
export interface IdpKeyDeps {
  db: Db
  /** Whether sites in local development mode may fetch from loopback and private addresses. */
  localDevelopmentSites: boolean
  /** How host names are resolved (each address is checked before connecting); the system's by default. */
  resolveHost?: ResolveHost | undefined
}

/** Thrown when a connection has no keys to verify with: they could not be fetched, or not yet again. */
export class IdpKeysUnavailable extends Error {
  override name = 'IdpKeysUnavailable'
}

const FETCH_TIMEOUT_MS = 5_000
/** A key set or discovery document larger than this is refused (a real one is a few kilobytes). */
const MAX_ANSWER_CHARS = 256 * 1024
const MAX_KEYS = 100
/** One request for a connection's keys per this many seconds at most: a flood of unknown key ids asks once. */
export const KEY_REQUEST_INTERVAL_SECONDS = 30
const DEFAULT_FRESH_SECONDS = 3_600
const MIN_FRESH_SECONDS = 300
const MAX_FRESH_SECONDS = 86_400

/**
 * How long fetched keys are used without asking again: the answer's `Cache-Control: max-age`, kept
 * between 5 minutes and a day; an hour without one. `no-store` and `no-cache` mean the 5 minutes.
 */
export function freshSeconds(cacheControl: string | undefined): number {
  const directives = (cacheControl ?? '').toLowerCase()
  if (/(^|[\s,])(no-store|no-cache)([\s,=]|$)/.test(directives)) return MIN_FRESH_SECONDS
  const maxAge = /(?:^|[\s,])max-age\s*=\s*"?(\d{1,10})"?/.exec(directives)
  if (!maxAge) return DEFAULT_FRESH_SECONDS
  return Math.min(MAX_FRESH_SECONDS, Math.max(MIN_FRESH_SECONDS, Number(maxAge[1])))
}

/** GETs a JSON object from a URL under the outbound rules, with a timeout and a size cap. */
async function getJson(
  url: string,
  allowLocal: boolean,
  resolve: ResolveHost,
): Promise<{ value: Record<string, unknown>; cacheControl: string | undefined }> {
  const answer = await sendOutboundRequest({
    method: 'GET',
    url,
    headers: { accept: 'application/json' },
    timeoutMs: FETCH_TIMEOUT_MS,
    allowLocal,
    resolve,
    maxChars: MAX_ANSWER_CHARS,
  })
  if (answer.status !== 200) throw new IdpKeysUnavailable(`${url} answered ${answer.status}`)
  if (!answer.complete)
    throw new IdpKeysUnavailable(`${url} answered more than ${MAX_ANSWER_CHARS} characters`)
  let value: unknown
  try {
    value = JSON.parse(answer.body)
  } catch {
    throw new IdpKeysUnavailable(`${url} answered no JSON`)
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value))
    throw new IdpKeysUnavailable(`${url} answered no JSON object`)
  const cacheControl = answer.headers['cache-control']
  return { value: value as Record<string, unknown>, cacheControl }
}

/** The JWKS URL of a connection: its own, or the `jwks_uri` of its issuer's OpenID configuration. */
async function jwksUrlOf(
  connection: IdpConnection,
  allowLocal: boolean,
  resolve: ResolveHost,
): Promise<string> {
  if (connection.jwksUrl) return connection.jwksUrl
  const discoveryUrl = `${connection.issuer.replace(/\/+$/, '')}/.well-known/openid-configuration`
  const { value } = await getJson(discoveryUrl, allowLocal, resolve)
  // OpenID Connect Discovery 1.0, 4.3: the document's issuer is the one it was asked for.
  if (value.issuer !== connection.issuer) throw new IdpKeysUnavailable(`${discoveryUrl} names another issuer`)
  if (typeof value.jwks_uri !== 'string') throw new IdpKeysUnavailable(`${discoveryUrl} names no jwks_uri`)
  return value.jwks_uri
}

/**
 * Fetches a connection's keys from where it publishes them (its JWKS URL, or the one its issuer's
 * discovery document names), each request under the outbound rules: the site's mode decides whether
 * loopback and private addresses may be reached. Keys that cannot sign (private, broken) are left out.
 *
 * @throws IdpKeysUnavailable, OutboundAddressRefused, network errors and timeouts.
 */
export async function fetchIdpKeys(
  deps: IdpKeyDeps,
  connection: IdpConnection,
  now: Date,
): Promise<FetchedKeys> {
  const allowLocal = deps.localDevelopmentSites && connection.siteLocalDevelopment
  const resolve = deps.resolveHost ?? systemResolveHost
  const url = await jwksUrlOf(connection, allowLocal, resolve)
  const { value, cacheControl } = await getJson(url, allowLocal, resolve)
  const keys = value.keys
  if (!Array.isArray(keys) || keys.length > MAX_KEYS)
    throw new IdpKeysUnavailable(`${url} answered no key set of at most ${MAX_KEYS} keys`)
  const objects = keys.filter((key): key is JsonWebKey => typeof key === 'object' && key !== null)
  const usable = usableKeys({ keys: objects })
  if (usable.length === 0) throw new IdpKeysUnavailable(`${url} answered no usable public key`)
  return { jwks: { keys: usable }, freshUntil: new Date(now.getTime() + freshSeconds(cacheControl) * 1000) }
}

/** Asks the provider for keys when it is the connection's turn; `undefined` when it is not, or it failed. */
async function refreshKeys(
  deps: IdpKeyDeps,
  connection: IdpConnection,
  now: Date,
): Promise<FetchedKeys | undefined> {
  if (!(await claimKeyRequest(deps.db, connection.id, now, KEY_REQUEST_INTERVAL_SECONDS))) return undefined
  try {
    const keys = await fetchIdpKeys(deps, connection, now)
    await storeFetchedKeys(deps.db, connection.id, keys)
    return keys
  } catch {
    // The keys kept (if any) go on serving; the next turn comes after the interval.
    return undefined
  }
}

const keyLookup = (jwks: JwkSet) => createLocalJWKSet({ keys: [...jwks.keys] as JWK[] })

/**
 * The keys an ID token of the connection is verified with: its pasted set, or a lookup over the keys
 * its provider publishes. Fetched keys are used until they go stale (then asked for again); a token
 * naming a key they lack (the provider rotated) makes one request for fresh keys, at most one per
 * connection per {@link KEY_REQUEST_INTERVAL_SECONDS}, and is refused if the key is still unknown.
 * The lookup throws IdpKeysUnavailable when there are no keys at all.
 */
export function connectionKeys(
  deps: IdpKeyDeps,
  connection: IdpConnection,
  now: Date,
): JwkSet | JWTVerifyGetKey {
  if (connection.jwks) return connection.jwks
  return async (header, token) => {
    let keys = await readFetchedKeys(deps.db, connection.id)
    let isFresh = false
    if (!keys || keys.freshUntil <= now) {
      const fetched = await refreshKeys(deps, connection, now)
      if (fetched) [keys, isFresh] = [fetched, true]
    }
    if (!keys) throw new IdpKeysUnavailable('the provider’s keys could not be fetched')
    try {
      return await keyLookup(keys.jwks)(header, token)
    } catch (error) {
      if (!(error instanceof errors.JWKSNoMatchingKey) || isFresh) throw error
      const fetched = await refreshKeys(deps, connection, now)
      if (!fetched) throw error
      return keyLookup(fetched.jwks)(header, token)
    }
  }
}
