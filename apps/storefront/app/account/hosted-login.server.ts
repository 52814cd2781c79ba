import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto'
import { type AuthorizationResponse, isAisleError, type OAuthData } from '@aisle/sdk'
import type { AisleClient } from '../platform/aisle.server'
import { getConfig } from '../platform/config.server'
import { findCookie, serializeSessionCookie } from '../platform/session-cookie'

/** The cookie that carries one hosted-login transaction (PKCE verifier, state) from the start to `/callback`. */
export const OAUTH_COOKIE_NAME = 'aisle_oauth'
/** How long a shopper has on the hosted login page before the transaction lapses. */
export const OAUTH_COOKIE_MAX_AGE_SECONDS = 10 * 60

/** The path the platform sends the shopper back to; registered for the client as `<storefront>/callback`. */
export const CALLBACK_PATH = '/callback'

// Without AISLE_COOKIE_SECRET, a key of this process: a transaction then cannot end on another instance.
let processSecret: string | undefined
function getCookieSecret(): string {
  processSecret ??= getConfig().cookieSecret ?? randomBytes(32).toString('base64url')
  return processSecret
}

function sign(payload: string, secret: string): string {
  return createHmac('sha256', secret).update(payload).digest('base64url')
}

/**
 * Seals a login transaction into a cookie value: its JSON (with an expiry) and an HMAC of it, so that
 * nobody but this storefront can make one up or change its state or return address.
 */
export function sealOAuthData(
  oauthData: OAuthData,
  now = Date.now(),
  secret: string = getCookieSecret(),
): string {
  const payload = Buffer.from(
    JSON.stringify({ ...oauthData, expiresAt: now + OAUTH_COOKIE_MAX_AGE_SECONDS * 1000 }),
  ).toString('base64url')
  return `${payload}.${sign(payload, secret)}`
}

/** Opens a sealed transaction; undefined when missing, forged, changed, malformed or expired. */
export function openOAuthData(
  sealed: string | undefined,
  now = Date.now(),
  secret: string = getCookieSecret(),
): OAuthData | undefined {
  const [payload, signature, extra] = sealed?.split('.') ?? []
  if (!payload || !signature || extra !== undefined) return undefined
  const expected = Buffer.from(sign(payload, secret))
  const given = Buffer.from(signature)
  if (expected.length !== given.length || !timingSafeEqual(expected, given)) return undefined
  try {
    const { expiresAt, ...data } = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8'))
    const fields = ['redirectUri', 'originalUri', 'codeVerifier', 'codeChallenge', 'state'] as const
    if (typeof expiresAt !== 'number' || expiresAt <= now) return undefined
    if (!fields.every((field) => typeof data[field] === 'string')) return undefined
    return data as OAuthData
  } catch {
    return undefined
  }
}

/** The `Set-Cookie` header that keeps a sealed transaction (HttpOnly, SameSite=Lax), or clears it without one. */
export function serializeOAuthCookie(sealed: string | undefined, isSecure: boolean): string {
  return serializeSessionCookie(sealed, {
    name: OAUTH_COOKIE_NAME,
    maxAgeSeconds: OAUTH_COOKIE_MAX_AGE_SECONDS,
    isSecure,
  })
}

/** Reads the sealed transaction from a request's cookies. */
export function readOAuthCookie(request: Request): OAuthData | undefined {
  return openOAuthData(findCookie(request.headers.get('Cookie'), OAUTH_COOKIE_NAME))
}

/**
 * Starts a hosted login: a new PKCE transaction coming back to `<siteUrl>/callback` and then `returnTo`,
 * and the platform's login page URL (response in the query, which reaches the server).
 */
export async function startHostedLogin(
  client: AisleClient,
  siteUrl: string,
  returnTo: string,
): Promise<{ authUrl: string; oauthData: OAuthData }> {
  const oauthData = await client.auth.generateOAuthData(`${siteUrl}${CALLBACK_PATH}`, returnTo)
  const { authUrl } = await client.auth.getAuthUrl(oauthData, { prompt: 'login', responseMode: 'query' })
  return { authUrl, oauthData }
}

/** Why a hosted login did not sign the shopper in, as the callback page tells it. */
export type HostedLoginFailure = 'cancelled' | 'expired' | 'mismatch' | 'unavailable' | 'refused'

/** The words the callback page shows for each failure: what happened and what to do. */
export const HOSTED_LOGIN_MESSAGES: Record<HostedLoginFailure, string> = {
  cancelled: 'You cancelled signing in, so you’re still browsing as a guest. Your cart is still here.',
  expired:
    'That sign-in link has expired or was already used. Sign-in links work for a few minutes, in the browser that opened them.',
  mismatch:
    'We couldn’t confirm that this sign-in was started here, so we stopped it to keep your account safe.',
  unavailable: 'We couldn’t reach the store to finish signing you in. Please try again in a moment.',
  refused: 'The store couldn’t sign you in this time.',
}

/**
 * Finishes a hosted login from the platform's answer: checks the state against the transaction kept in
 * the cookie, then exchanges the code for member tokens (which the client stores). Resolves undefined when
 * the member is signed in, else why not.
 */
export async function finishHostedLogin(
  client: AisleClient,
  response: AuthorizationResponse,
  oauthData: OAuthData | undefined,
): Promise<HostedLoginFailure | undefined> {
  if (response.error) return toFailure(response.error)
  if (!oauthData) return 'expired'
  if (!response.code || !response.state) return 'expired'
  if (response.state !== oauthData.state) return 'mismatch'
  try {
    await client.auth.getMemberTokens(response.code, response.state, oauthData)
    return undefined
  } catch (error) {
    if (!isAisleError(error)) throw error
    // A 4xx from the token endpoint: the code is spent or expired; anything else is the store's trouble.
    return error.retryable || error.status === undefined ? 'unavailable' : 'expired'
  }
}

function toFailure(error: string): HostedLoginFailure {
  if (error === 'access_denied') return 'cancelled'
  if (error === 'temporarily_unavailable' || error === 'server_error') return 'unavailable'
  return 'refused'
}
