import type { Context } from 'hono'
import { getCookie } from 'hono/cookie'
import type { AppEnv } from '../../http/api.ts'
import { STATE_TOKEN_TTL_SECONDS } from '../identity-token-store.ts'
import { HOSTED_SESSION_LIFETIME_SECONDS } from './hosted-session-store.ts'

/** Holds the hosted login form's token until the form comes back (login CSRF: a double-submitted cookie). */
export const FORM_COOKIE = 'aisle_auth_form'
export const FORM_COOKIE_SECONDS = 60 * 60
const SESSION_COOKIE_PREFIX = 'aisle_member_'
/** Holds the state token of the hosted e-mail code entry between its pages (never in a URL). */
export const VERIFICATION_COOKIE = 'aisle_auth_verify'

/**
 * The hosted-login session cookie of one site: a browser may be signed in on several sites of the
 * platform at once, one cookie each.
 */
export function hostedSessionCookieName(siteId: string): string {
  return `${SESSION_COOKIE_PREFIX}${siteId}`
}

/** Whether cookies must be `Secure`: the request came over HTTPS, or the platform is public on HTTPS. */
export function isHttps(c: Context<AppEnv>, publicUrl: string): boolean {
  return new URL(c.req.url).protocol === 'https:' || publicUrl.startsWith('https:')
}

/**
 * The `Set-Cookie` value of the hosted-login session: HttpOnly, SameSite=Lax (it must arrive on the
 * top-level navigation from the storefront to the authorize page), Path=/. `sessionId` '' deletes it.
 */
export function hostedSessionCookie(siteId: string, sessionId: string, secure: boolean): string {
  const maxAge = sessionId === '' ? 0 : HOSTED_SESSION_LIFETIME_SECONDS
  return `${hostedSessionCookieName(siteId)}=${sessionId}; Path=/; Max-Age=${maxAge}; HttpOnly; SameSite=Lax${secure ? '; Secure' : ''}`
}

/** The `Set-Cookie` value of the login form's token: only the hosted pages read it, same-site posts only. */
export function formCookie(token: string, secure: boolean): string {
  const maxAge = token === '' ? 0 : FORM_COOKIE_SECONDS
  return `${FORM_COOKIE}=${token}; Path=/_auth; Max-Age=${maxAge}; HttpOnly; SameSite=Strict${secure ? '; Secure' : ''}`
}

/** The hosted-login session cookie of the site the request carries, if any. */
export function readHostedSessionCookie(c: Context<AppEnv>, siteId: string): string | undefined {
  return getCookie(c, hostedSessionCookieName(siteId))
}

/** Every hosted-login session cookie the request carries, by site id. */
export function readHostedSessionCookies(c: Context<AppEnv>): Map<string, string> {
  const found = new Map<string, string>()
  for (const [name, value] of Object.entries(getCookie(c))) {
    if (name.startsWith(SESSION_COOKIE_PREFIX)) found.set(name.slice(SESSION_COOKIE_PREFIX.length), value)
  }
  return found
}

/**
 * The `Set-Cookie` value of the hosted code entry's state token: only the hosted pages read it,
 * same-site only, for the flow's hour. `stateToken` '' deletes it.
 */
export function verificationCookie(stateToken: string, secure: boolean): string {
  const maxAge = stateToken === '' ? 0 : STATE_TOKEN_TTL_SECONDS
  return `${VERIFICATION_COOKIE}=${stateToken}; Path=/_auth; Max-Age=${maxAge}; HttpOnly; SameSite=Strict${secure ? '; Secure' : ''}`
}
