import { z } from 'zod'
import type { Clock } from '../clock.ts'
import type { Db } from '../db/db.ts'
import { exchangeAuthorizationCode, type MemberLogin } from './authorization-code-store.ts'
import { grantExternalLogin, readExternalLoginAuthorization } from './external-login.ts'
import { isPkceValue } from './pkce.ts'
import {
  findCallerByAccessToken,
  findOAuthClient,
  type IssuedAccessToken,
  type IssuedTokens,
  issueVisitorTokens,
  rotateRefreshToken,
} from './token-store.ts'

/** An OAuth client's id as a request names it. */
export const ClientId = z.string().min(1).max(200)

// The external-login grant (spec section 6), by the spec's name and by the one `@aisle/sdk` sends. The
// client may be left out when a visitor token of it comes before the API key (the Wix client's form).
const externalLogin = <G extends 'authorized_client' | 'client_credentials'>(grantType: G) =>
  z.object({ grantType: z.literal(grantType), clientId: ClientId.optional(), memberId: z.guid() })

/**
 * A token request, its fields by their camelCase names (`oauth-request.ts` reads the RFC 6749 names and
 * forms too): `refreshToken` is `refresh_token`, `codeVerifier` is `code_verifier`, and so on.
 */
export const TokenRequest = z.discriminatedUnion('grantType', [
  z.object({ grantType: z.literal('anonymous'), clientId: ClientId }),
  z.object({
    grantType: z.literal('refresh_token'),
    clientId: ClientId,
    refreshToken: z.string().min(1).max(200),
  }),
  z.object({
    grantType: z.literal('authorization_code'),
    clientId: ClientId,
    code: z.string().min(1).max(200),
    codeVerifier: z
      .string()
      .refine(isPkceValue, 'must be 43 to 128 characters of A-Z, a-z, 0-9, "-", ".", "_", "~"'),
    redirectUri: z.string().min(1).max(2_000).optional(),
  }),
  externalLogin('authorized_client'),
  externalLogin('client_credentials'),
])

const supportedGrants: ReadonlySet<string> = new Set(
  TokenRequest.options.map((option) => option.shape.grantType.value),
)

/** The RFC 6749 §5.2 error codes the token endpoint answers. */
export type OAuthErrorCode =
  | 'invalid_request'
  | 'invalid_client'
  | 'invalid_grant'
  | 'unauthorized_client'
  | 'unsupported_grant_type'

/** What granting tokens needs. */
export interface TokenGrantDeps {
  db: Db
  clock: Clock
  /** The current key that binds a rotated refresh token to its predecessor. */
  rotationKey: () => Promise<Buffer>
  /**
   * Runs in the code exchange's transaction once a member has logged in (the visitor's cart merges into
   * the member's there); its answer is returned beside the tokens as `cart_merge`.
   */
  onMemberLogin: (tx: Db, login: MemberLogin, now: Date) => Promise<unknown>
  /**
   * Told of each new visitor's access token once it is stored: this process's checked public reads trust it
   * at once (`public-read-callers.ts`), as they would after checking it.
   */
  onVisitorTokens?: ((access: IssuedAccessToken) => void) | undefined
}

/** A token request as it came: its fields, and what the request itself says of its sender. */
export interface TokenGrantInput {
  fields: Record<string, unknown>
  /** The `Authorization` header: an external login's API key (after a visitor token, Wix's form). */
  authorization: string | undefined
  origin: string | undefined
  remoteAddress: string | undefined
}

/**
 * The outcome: the tokens, or the RFC 6749 error. `corsClientId` is the client whose browser origins may
 * read the answer (`null`: none may, an external login's), absent when the client is not known.
 */
export type TokenGrantOutcome = { corsClientId?: string | null } & (
  | { ok: true; tokens: IssuedTokens; extra: Record<string, unknown> }
  | { ok: false; error: OAuthErrorCode; description: string }
)

/**
 * Grants tokens for one token request: anonymous, refresh-token (rotation with a 10-second grace),
 * authorization-code (PKCE S256, with the member-login hook) or external login (`authorized_client` or
 * `client_credentials` with a member id and a merchant API key, audited).
 */
export async function grantTokens(deps: TokenGrantDeps, input: TokenGrantInput): Promise<TokenGrantOutcome> {
  const grantType = input.fields.grantType
  if (typeof grantType === 'string' && !supportedGrants.has(grantType)) {
    return refuse('unsupported_grant_type', `grantType "${grantType.slice(0, 40)}" is not supported`)
  }
  const parsed = TokenRequest.safeParse(input.fields)
  if (!parsed.success) {
    const issue = parsed.error.issues[0]
    const where = issue?.path.join('.') || 'grantType'
    return refuse('invalid_request', `"${where}": ${issue?.message ?? 'invalid request'}`)
  }
  const request = parsed.data
  const now = deps.clock()
  const isExternalLogin =
    request.grantType === 'authorized_client' || request.grantType === 'client_credentials'
  const authorization = isExternalLogin ? readExternalLoginAuthorization(input.authorization) : undefined
  const clientId =
    request.clientId ??
    (authorization?.accessToken &&
      (await findCallerByAccessToken(deps.db, authorization.accessToken, now))?.clientId)
  if (!clientId) {
    return refuse(
      'invalid_request',
      '"clientId" is required (or a visitor access token of the client before the API key in Authorization)',
    )
  }
  if (request.grantType === 'anonymous') {
    // The client's lookup is part of the one statement that issues a visitor's tokens.
    const issued = await issueVisitorTokens(deps.db, clientId, now)
    if (!issued) return refuse('invalid_client', 'unknown clientId')
    deps.onVisitorTokens?.(issued.access)
    return { ok: true, corsClientId: issued.client.id, tokens: issued.tokens, extra: {} }
  }
  const client = await findOAuthClient(deps.db, clientId)
  if (!client) return refuse('invalid_client', 'unknown clientId')
  // A browser may read the answers of its own client only, and never an external login's.
  const corsClientId = isExternalLogin ? null : client.id
  if (request.grantType === 'authorization_code') {
    const exchange = await exchangeAuthorizationCode(deps.db, client, request, now, (tx, login) =>
      deps.onMemberLogin(tx, login, now),
    )
    if (!exchange.ok) return refuse('invalid_grant', exchange.reason, corsClientId)
    return { ok: true, corsClientId, tokens: exchange.tokens, extra: { cart_merge: exchange.onLoginResult } }
  }
  if (request.grantType === 'authorized_client' || request.grantType === 'client_credentials') {
    const grant = await grantExternalLogin(
      deps.db,
      {
        client,
        memberId: request.memberId,
        credential: authorization?.apiKey,
        origin: input.origin,
        remoteAddress: input.remoteAddress,
      },
      now,
    )
    if (!grant.ok) return refuse(grant.error, grant.reason, corsClientId)
    return { ok: true, corsClientId, tokens: grant.tokens, extra: {} }
  }
  const rotation = await rotateRefreshToken(
    deps.db,
    client,
    request.refreshToken,
    now,
    await deps.rotationKey(),
  )
  if (!rotation.ok) return refuse('invalid_grant', rotation.reason, corsClientId)
  return { ok: true, corsClientId, tokens: rotation.tokens, extra: {} }
}

function refuse(error: OAuthErrorCode, description: string, corsClientId?: string | null): TokenGrantOutcome {
  return corsClientId === undefined
    ? { ok: false, error, description }
    : { ok: false, error, description, corsClientId }
}
