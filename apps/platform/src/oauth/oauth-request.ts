import type { Context } from 'hono'
import type { AppEnv } from '../http/api.ts'

/**
 * The fields of the token and revocation requests by the name the handlers read (camelCase, as the
 * spec's client sends them in JSON), each with its RFC 6749 / RFC 7009 name (snake_case, as form-encoded
 * requests and the Wix client's external login send them). Either name is read, in either encoding.
 */
const OAUTH_FIELD_NAMES = {
  grantType: 'grant_type',
  clientId: 'client_id',
  refreshToken: 'refresh_token',
  codeVerifier: 'code_verifier',
  redirectUri: 'redirect_uri',
  memberId: 'member_id',
  sessionToken: 'session_token',
  tokenTypeHint: 'token_type_hint',
} as const

export type OAuthFieldName = keyof typeof OAUTH_FIELD_NAMES

/** A token or revocation request read into one spelling, or why it cannot be. */
export type OAuthRequestFields =
  | { ok: true; fields: Record<string, unknown> }
  | { ok: false; description: string }

/** The value of `name` in request fields as sent, under either of its names (the camelCase one first). */
export function oauthField(fields: Readonly<Record<string, unknown>>, name: OAuthFieldName): unknown {
  return Object.hasOwn(fields, name) ? fields[name] : fields[OAUTH_FIELD_NAMES[name]]
}

/**
 * Renames the fields of a request to their camelCase names (others are kept as they are). A field sent
 * under both of its names is refused, as RFC 6749 §3.2 refuses a parameter sent twice.
 */
export function toOAuthFields(sent: Readonly<Record<string, unknown>>): OAuthRequestFields {
  const fields: Record<string, unknown> = { ...sent }
  for (const [camel, snake] of Object.entries(OAUTH_FIELD_NAMES)) {
    if (!Object.hasOwn(sent, snake)) continue
    if (Object.hasOwn(sent, camel)) {
      return { ok: false, description: `"${camel}" and "${snake}" name the same parameter: send one` }
    }
    fields[camel] = sent[snake]
    delete fields[snake]
  }
  return { ok: true, fields }
}

/**
 * Reads a token or revocation request: a form (`application/x-www-form-urlencoded`, RFC 6749 §4) or a
 * JSON object (`json`, the body as the router parsed it; `undefined` when it was not JSON), with its
 * fields renamed by {@link toOAuthFields}. A form parameter sent twice is refused (RFC 6749 §3.2).
 */
export async function readOAuthRequest(c: Context<AppEnv>, json: unknown): Promise<OAuthRequestFields> {
  const type = c.req.header('content-type')?.split(';')[0]?.trim().toLowerCase()
  if (type === 'application/x-www-form-urlencoded') {
    const form = new URLSearchParams(await c.req.text())
    const sent: Record<string, string> = {}
    for (const [name, value] of form) {
      if (Object.hasOwn(sent, name)) return { ok: false, description: `"${name}" is sent more than once` }
      sent[name] = value
    }
    return toOAuthFields(sent)
  }
  if (typeof json !== 'object' || json === null || Array.isArray(json)) {
    return {
      ok: false,
      description: 'the body must be a JSON object or an application/x-www-form-urlencoded form',
    }
  }
  return toOAuthFields(json as Record<string, unknown>)
}
