import { VERIFICATION_COOKIE } from '../identity/hosted/hosted-cookies.ts'
import { oauthField } from '../oauth/oauth-request.ts'
import type { RateLimitBucket } from './rate-limit-settings.ts'

/** A request's body as the limiter reads it: a JSON object, or the fields of a form. */
export type RequestFields = Readonly<Record<string, unknown>>

/** A request's cookies by name: a hosted page's flow may ride in one rather than in the form. */
export type RequestCookies = Readonly<Record<string, string>>

/** Which bucket one request counts in, and the account it names (an e-mail, a flow's token), if any. */
export interface LimitedRequest {
  bucket: RateLimitBucket
  account?: string | undefined
}

/** How a refused request is answered: the spec's JSON error, the token endpoint's RFC 6749 body, or a page. */
export type RefusalFormat = 'json' | 'oauth' | 'html'

/** A limited route: its method and exact path, how its answer looks, and what each request counts as. */
export interface LimitedRoute {
  method: 'GET' | 'POST'
  path: string
  format: RefusalFormat
  /** The bucket and account of a request, or `undefined` for a request this route does not limit. */
  classify(fields: RequestFields, cookies: RequestCookies): LimitedRequest | undefined
}

function text(value: unknown): string | undefined {
  return typeof value === 'string' && value.length > 0 ? value : undefined
}

function field(fields: RequestFields, ...path: string[]): unknown {
  let value: unknown = fields
  for (const name of path) {
    if (typeof value !== 'object' || value === null) return undefined
    value = (value as Record<string, unknown>)[name]
  }
  return value
}

/** An e-mail as an account key: one spelling per address, as the member store normalises it. */
function emailAccount(value: unknown): string | undefined {
  const email = text(value)?.trim().toLowerCase()
  return email ? `email:${email.slice(0, 320)}` : undefined
}

/** A flow's token (state token, recovery token) as an account key: each belongs to one account. */
function tokenAccount(value: unknown): string | undefined {
  const token = text(value)
  return token ? `token:${token.slice(0, 512)}` : undefined
}

const tokenGrants: Readonly<Record<string, RateLimitBucket>> = {
  anonymous: 'anonymousToken',
  refresh_token: 'token',
  authorization_code: 'token',
  authorized_client: 'token',
  client_credentials: 'token',
}

const login = (fields: RequestFields): LimitedRequest => ({
  bucket: 'login',
  account: emailAccount(
    field(fields, 'loginId', 'email') ?? field(fields, 'identifier', 'email') ?? field(fields, 'email'),
  ),
})
const register = (fields: RequestFields): LimitedRequest => ({
  bucket: 'register',
  account: emailAccount(
    field(fields, 'loginId', 'email') ??
      field(fields, 'identity', 'email', 'address') ??
      field(fields, 'email'),
  ),
})

/**
 * Every route that is limited (SECURITY.md Q1): anonymous tokens and the other grants, token revocation,
 * login (the JSON calls, the hosted form and the dashboard's), registration, e-mail verification and its resend,
 * recovery. The paths are the wire contract's; the domains that serve them need not know they are limited.
 */
export const LIMITED_ROUTES: readonly LimitedRoute[] = [
  {
    method: 'POST',
    path: '/oauth2/token',
    format: 'oauth',
    classify: (fields) => {
      const grant = text(oauthField(fields, 'grantType'))
      const bucket = grant && Object.hasOwn(tokenGrants, grant) ? tokenGrants[grant] : undefined
      return bucket && { bucket }
    },
  },
  // A revocation answers alike for any token, so guessing is blind; its cost (a lookup per guess, a
  // family's revocation per hit) is still counted with the other token calls.
  { method: 'POST', path: '/oauth2/revoke', format: 'oauth', classify: () => ({ bucket: 'token' }) },
  { method: 'POST', path: '/identity/v1/login', format: 'json', classify: login },
  { method: 'POST', path: '/identity/v2/login', format: 'json', classify: login },
  { method: 'POST', path: '/_auth/authorize', format: 'html', classify: login },
  { method: 'POST', path: '/_auth/login', format: 'html', classify: login },
  // The site owner's sign-in is bounded here by address only. Its account side is the dashboard's own
  // throttle, which counts failures and forgets them on success: an owner who signs in often from many
  // browsers is never refused, while guesses at one e-mail from anywhere still stop at its limit.
  { method: 'POST', path: '/dashboard/login', format: 'html', classify: () => ({ bucket: 'login' }) },
  { method: 'POST', path: '/identity/v1/register', format: 'json', classify: register },
  { method: 'POST', path: '/identity/v2/register', format: 'json', classify: register },
  {
    method: 'POST',
    path: '/identity/v1/auth/verify',
    format: 'json',
    classify: (fields) => ({ bucket: 'verify', account: tokenAccount(fields.stateToken) }),
  },
  {
    method: 'POST',
    path: '/identity/v1/auth/resend',
    format: 'json',
    classify: (fields) => ({ bucket: 'resend', account: tokenAccount(fields.stateToken) }),
  },
  {
    method: 'POST',
    path: '/identity/v1/Start',
    format: 'json',
    classify: (fields) => ({ bucket: 'resend', account: tokenAccount(fields.identityId) }),
  },
  {
    method: 'POST',
    path: '/identity/v1/send-email',
    format: 'json',
    classify: (fields) => ({ bucket: 'recovery', account: emailAccount(fields.email) }),
  },
  {
    method: 'POST',
    path: '/identity/v1/activation-email',
    format: 'json',
    classify: (fields) => ({ bucket: 'recovery', account: tokenAccount(fields.identityId) }),
  },
  {
    method: 'POST',
    path: '/identity/v1/recover',
    format: 'json',
    classify: (fields) => ({ bucket: 'recovery', account: tokenAccount(fields.recoveryToken) }),
  },
  // The hosted pages' forms of the same flows; the code entry's state token rides in its cookie.
  { method: 'POST', path: '/_auth/signup', format: 'html', classify: register },
  {
    method: 'POST',
    path: '/_auth/verify-email',
    format: 'html',
    classify: (_fields, cookies) => ({
      bucket: 'verify',
      account: tokenAccount(cookies[VERIFICATION_COOKIE]),
    }),
  },
  {
    method: 'POST',
    path: '/_auth/verify-email/resend',
    format: 'html',
    classify: (_fields, cookies) => ({
      bucket: 'resend',
      account: tokenAccount(cookies[VERIFICATION_COOKIE]),
    }),
  },
  {
    method: 'POST',
    path: '/_auth/forgot-password',
    format: 'html',
    classify: (fields) => ({ bucket: 'recovery', account: emailAccount(fields.email) }),
  },
  {
    method: 'POST',
    path: '/_auth/reset-password',
    format: 'html',
    classify: (fields) => ({ bucket: 'recovery', account: tokenAccount(fields.token) }),
  },
]
