import { randomBytes } from 'node:crypto'
import { toS256Challenge } from '../oauth/pkce.ts'
import { DEMO_CLIENT_ID } from '../seed/demo-ids.ts'
import { type createTestPlatform, TEST_PUBLIC_URL } from './test-platform.ts'

type Platform = ReturnType<typeof createTestPlatform>

/** The demo client's first registered redirect URI. */
export const DEMO_REDIRECT_URI = 'http://localhost:3000/callback'
export const MEMBER_PASSWORD = 'correct horse battery staple'

/** A fresh PKCE pair: verifier (43 base64url characters) and its S256 challenge. */
export function createPkce() {
  const codeVerifier = randomBytes(32).toString('base64url')
  return { codeVerifier, codeChallenge: toS256Challenge(codeVerifier) }
}

let counter = 0
/** A new e-mail address for each call. */
export function newEmail(prefix = 'member') {
  counter++
  return `${prefix}-${counter}-${randomBytes(3).toString('hex')}@example.com`
}

/** Registers a member as the visitor of `token`; returns the answer. */
export async function register(platform: Platform, token: string, email: string, password = MEMBER_PASSWORD) {
  return platform.call('POST', '/identity/v2/register', {
    token,
    body: { loginId: { email }, password, profile: { nickname: 'Nick' } },
  })
}

export interface AuthSessionOptions {
  challenge: string
  redirectUri?: string | undefined
  responseMode?: 'query' | 'fragment'
  prompt?: 'login' | 'none' | 'consent' | 'select_account'
  sessionToken?: string
  state?: string
  clientId?: string
}

/** Creates an `auth` redirect session as the caller of `token`; returns the raw answer. */
export async function createAuthSession(platform: Platform, token: string, options: AuthSessionOptions) {
  const authRequest: Record<string, unknown> = {
    redirectUri: 'redirectUri' in options ? options.redirectUri : DEMO_REDIRECT_URI,
    clientId: options.clientId ?? DEMO_CLIENT_ID,
    codeChallenge: options.challenge,
    codeChallengeMethod: 'S256',
    responseMode: options.responseMode ?? 'query',
    responseType: 'code',
    scope: 'offline_access',
    state: options.state ?? 'state-1',
  }
  if (options.sessionToken) authRequest.sessionToken = options.sessionToken
  return platform.call('POST', '/redirects/v1/redirect-session', {
    token,
    body: { auth: { authRequest, prompt: options.prompt ?? 'login' } },
  })
}

/** A browser request to a hosted page (no redirects followed), with cookies. */
export async function browse(
  platform: Platform,
  url: string,
  options: {
    method?: string
    cookies?: string
    form?: Record<string, string>
    headers?: Record<string, string>
  } = {},
) {
  const headers: Record<string, string> = { ...options.headers }
  if (options.cookies) headers.cookie = options.cookies
  let body: string | undefined
  if (options.form) {
    headers['content-type'] = 'application/x-www-form-urlencoded'
    body = new URLSearchParams(options.form).toString()
  }
  const response = await platform.app.request(new URL(url, TEST_PUBLIC_URL).toString(), {
    method: options.method ?? 'GET',
    headers,
    body,
  })
  const text = await response.text()
  return {
    status: response.status,
    headers: response.headers,
    text,
    location: response.headers.get('location'),
  }
}

/** `name=value` pairs of the `Set-Cookie` headers of a response, for the next request's `Cookie`. */
export function cookiesOf(headers: Headers): string {
  return headers
    .getSetCookie()
    .map((cookie) => cookie.split(';')[0]!)
    .filter((pair) => !pair.endsWith('='))
    .join('; ')
}

/** Reads `code`, `state` and `error` from a redirect's query or fragment. */
export function readCallback(location: string | null) {
  if (!location) throw new Error('no redirect')
  const url = new URL(location)
  const params = url.hash ? new URLSearchParams(url.hash.slice(1)) : url.searchParams
  return {
    url,
    code: params.get('code') ?? undefined,
    state: params.get('state') ?? undefined,
    error: params.get('error') ?? undefined,
  }
}

/** Submits the hosted login form of `fullUrl` with e-mail and password, as a browser would. */
export async function submitLoginForm(platform: Platform, fullUrl: string, email: string, password: string) {
  const form = await browse(platform, fullUrl)
  const csrf = /name="csrf" value="([^"]+)"/.exec(form.text)?.[1]
  if (!csrf) throw new Error(`no login form: ${form.status} ${form.text.slice(0, 200)}`)
  return browse(platform, fullUrl, {
    method: 'POST',
    cookies: cookiesOf(form.headers),
    form: { csrf, email, password },
    headers: { 'sec-fetch-site': 'same-origin' },
  })
}

/** Exchanges a code at the token endpoint. */
export async function exchangeCode(
  platform: Platform,
  body: { code: string; codeVerifier: string; redirectUri?: string; clientId?: string },
) {
  return platform.call('POST', '/oauth2/token', {
    body: {
      clientId: DEMO_CLIENT_ID,
      grantType: 'authorization_code',
      redirectUri: DEMO_REDIRECT_URI,
      ...body,
    },
  })
}

/**
 * The whole direct login of a new member as the visitor of `visitorToken`: register, then the session
 * token through a `prompt: none` auth session to a code. Returns the code, its verifier and the member.
 */
export async function directLoginCode(platform: Platform, visitorToken: string, email = newEmail()) {
  const registered = await register(platform, visitorToken, email)
  if (registered.status !== 200) throw new Error(`register failed: ${registered.text}`)
  const pkce = createPkce()
  const session = await createAuthSession(platform, visitorToken, {
    challenge: pkce.codeChallenge,
    prompt: 'none',
    sessionToken: registered.json.sessionToken,
  })
  if (session.status !== 200) throw new Error(`redirect session failed: ${session.text}`)
  const page = await browse(platform, session.json.redirectSession.fullUrl)
  const { code } = readCallback(page.location)
  if (!code) throw new Error(`no code: ${page.status} ${page.location}`)
  return { code, ...pkce, email, memberId: registered.json.identity.id as string }
}

/** Member tokens for a new member who was the visitor of `visitorToken`. */
export async function memberTokens(platform: Platform, visitorToken: string, email = newEmail()) {
  const login = await directLoginCode(platform, visitorToken, email)
  const tokens = await exchangeCode(platform, { code: login.code, codeVerifier: login.codeVerifier })
  if (tokens.status !== 200) throw new Error(`code exchange failed: ${tokens.text}`)
  return {
    ...login,
    tokens: tokens.json as { access_token: string; refresh_token: string; cart_merge: unknown },
  }
}
