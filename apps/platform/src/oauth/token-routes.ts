import type { Context } from 'hono'
import { z } from 'zod'
import type { Clock } from '../clock.ts'
import type { Db } from '../db/db.ts'
import type { Api, AppEnv } from '../http/api.ts'
import { exchangeAuthorizationCode, type MemberLogin } from './authorization-code-store.ts'
import { grantExternalLogin, readExternalLoginAuthorization } from './external-login.ts'
import { readOAuthRequest } from './oauth-request.ts'
import { isPkceValue } from './pkce.ts'
import { createSecretReader } from './platform-secret.ts'
import {
  findCallerByAccessToken,
  findOAuthClient,
  type IssuedTokens,
  issueVisitorTokens,
  revokeToken,
  rotateRefreshToken,
} from './token-store.ts'

const ClientId = z.string().min(1).max(200)

// The external-login grant (spec section 6), by the spec's name and by the one `@aisle/sdk` sends. The
// client may be left out when a visitor token of it comes before the API key (the Wix client's form).
const externalLogin = <G extends 'authorized_client' | 'client_credentials'>(grantType: G) =>
  z.object({ grantType: z.literal(grantType), clientId: ClientId.optional(), memberId: z.guid() })

/**
 * A token request, its fields by their camelCase names (`oauth-request.ts` reads the RFC 6749 names and
 * forms too): `refreshToken` is `refresh_token`, `codeVerifier` is `code_verifier`, and so on.
 */
const TokenRequest = z.discriminatedUnion('grantType', [
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

const RevokeRequest = z.object({
  clientId: ClientId,
  token: z.string().min(1),
  tokenTypeHint: z
    .string()
    .max(200)
    .optional()
    .describe('access_token or refresh_token; ignored: one look-up finds either kind (RFC 7009 §2.1)'),
})

export const TokenResponse = z.object({
  access_token: z.string(),
  token_type: z.literal('Bearer'),
  expires_in: z.number().int(),
  refresh_token: z.string(),
  cart_merge: z
    .object({
      kind: z.enum(['none', 'moved', 'merged']),
      cartId: z.uuid().optional(),
      visitorCartId: z.uuid().optional(),
      combinedLines: z.number().int().optional(),
      addedLines: z.number().int().optional(),
      droppedLines: z.number().int().optional(),
    })
    .optional()
    .describe(
      'authorization_code only: what became of the cart of the visitor who logged in (an extension, RFC 6749 §5.1)',
    ),
})

type OAuthErrorCode =
  | 'invalid_request'
  | 'invalid_client'
  | 'invalid_grant'
  | 'unauthorized_client'
  | 'unsupported_grant_type'

/** RFC 6749 §5.2 error body; the token endpoint keeps the standard's own format. */
function oauthError(c: Context<AppEnv>, error: OAuthErrorCode, description: string) {
  c.header('cache-control', 'no-store')
  c.header('pragma', 'no-cache')
  return c.json({ error, error_description: description }, error === 'invalid_client' ? 401 : 400)
}

function tokenResponse(c: Context<AppEnv>, tokens: IssuedTokens, extra: Record<string, unknown> = {}) {
  c.header('cache-control', 'no-store')
  c.header('pragma', 'no-cache')
  return c.json({
    access_token: tokens.accessToken,
    token_type: 'Bearer',
    expires_in: tokens.expiresIn,
    refresh_token: tokens.refreshToken,
    ...extra,
  })
}

const supportedGrants = new Set([
  'anonymous',
  'refresh_token',
  'authorization_code',
  'authorized_client',
  'client_credentials',
])

/** What the token endpoint needs. */
export interface TokenRouteDeps {
  db: Db
  clock: Clock
  /**
   * Runs in the code exchange's transaction once a member has logged in (the visitor's cart merges into
   * the member's there); its answer is returned beside the tokens as `cart_merge`.
   */
  onMemberLogin: (tx: Db, login: MemberLogin, now: Date) => Promise<unknown>
}

/**
 * `POST /oauth2/token`: the anonymous, refresh-token (rotation with a 10-second grace), authorization-code
 * (PKCE S256) and external-login (`authorized_client`, or `client_credentials`, with a member id and a
 * merchant API key) grants; and `POST /oauth2/revoke`, token revocation (RFC 7009). Both read JSON or
 * forms, with camelCase or RFC 6749 field names (`oauth-request.ts`, decision 032).
 */
export function registerTokenRoutes(api: Api, deps: TokenRouteDeps) {
  const rotationKey = createSecretReader(deps.db, 'refresh-rotation', deps.clock)
  api.route(
    {
      method: 'post',
      path: '/oauth2/token',
      operationId: 'token',
      summary:
        'Issue visitor tokens, rotate a refresh token, exchange an authorization code (PKCE S256) for member tokens, or give a merchant server (API key in Authorization, never from a browser) tokens for a member (authorized_client or client_credentials with memberId, audited); JSON or a form, each field by its camelCase or RFC 6749 name (refreshToken or refresh_token)',
      tag: 'OAuth',
      body: TokenRequest,
      rawBody: true,
      response: TokenResponse,
      auth: 'none',
    },
    async ({ body }, c) => {
      const read = await readOAuthRequest(c, body)
      if (!read.ok) return oauthError(c, 'invalid_request', read.description)
      const grantType = read.fields.grantType
      if (typeof grantType === 'string' && !supportedGrants.has(grantType)) {
        return oauthError(
          c,
          'unsupported_grant_type',
          `grantType "${grantType.slice(0, 40)}" is not supported`,
        )
      }
      const parsed = TokenRequest.safeParse(read.fields)
      if (!parsed.success) {
        const issue = parsed.error.issues[0]
        const where = issue?.path.join('.') || 'grantType'
        return oauthError(c, 'invalid_request', `"${where}": ${issue?.message ?? 'invalid request'}`)
      }
      const request = parsed.data
      const now = deps.clock()
      const isExternalLogin =
        request.grantType === 'authorized_client' || request.grantType === 'client_credentials'
      const authorization = isExternalLogin
        ? readExternalLoginAuthorization(c.req.header('authorization'))
        : undefined
      const clientId =
        request.clientId ??
        (authorization?.accessToken &&
          (await findCallerByAccessToken(deps.db, authorization.accessToken, now))?.clientId)
      if (!clientId) {
        return oauthError(
          c,
          'invalid_request',
          '"clientId" is required (or a visitor access token of the client before the API key in Authorization)',
        )
      }
      const client = await findOAuthClient(deps.db, clientId)
      if (!client) return oauthError(c, 'invalid_client', 'unknown clientId')
      // A browser may read the answers of its own client only, and never an external login's.
      c.set('corsClientId', isExternalLogin ? null : client.id)
      if (request.grantType === 'anonymous')
        return tokenResponse(c, await issueVisitorTokens(deps.db, client, now))
      if (request.grantType === 'authorization_code') {
        const exchange = await exchangeAuthorizationCode(deps.db, client, request, now, (tx, login) =>
          deps.onMemberLogin(tx, login, now),
        )
        if (!exchange.ok) return oauthError(c, 'invalid_grant', exchange.reason)
        return tokenResponse(c, exchange.tokens, { cart_merge: exchange.onLoginResult })
      }
      if (request.grantType === 'authorized_client' || request.grantType === 'client_credentials') {
        const grant = await grantExternalLogin(
          deps.db,
          {
            client,
            memberId: request.memberId,
            credential: authorization?.apiKey,
            origin: c.req.header('origin'),
            remoteAddress: c.get('clientAddress'),
          },
          now,
        )
        if (!grant.ok) return oauthError(c, grant.error, grant.reason)
        return tokenResponse(c, grant.tokens)
      }
      const rotation = await rotateRefreshToken(
        deps.db,
        client,
        request.refreshToken,
        now,
        await rotationKey(),
      )
      if (!rotation.ok) return oauthError(c, 'invalid_grant', rotation.reason)
      return tokenResponse(c, rotation.tokens)
    },
  )
  api.route(
    {
      method: 'post',
      path: '/oauth2/revoke',
      operationId: 'revokeToken',
      summary:
        "Revoke an access or refresh token of the client and its whole token family (the login's every token); answers {} alike for a token that is unknown, expired, already revoked or another client's (RFC 7009)",
      tag: 'OAuth',
      body: RevokeRequest,
      rawBody: true,
      response: z.object({}),
      auth: 'none',
    },
    async ({ body }, c) => {
      const read = await readOAuthRequest(c, body)
      if (!read.ok) return oauthError(c, 'invalid_request', read.description)
      const parsed = RevokeRequest.safeParse(read.fields)
      if (!parsed.success) {
        const issue = parsed.error.issues[0]
        const where = issue?.path.join('.') || 'body'
        return oauthError(c, 'invalid_request', `"${where}": ${issue?.message ?? 'invalid request'}`)
      }
      const client = await findOAuthClient(deps.db, parsed.data.clientId)
      if (!client) return oauthError(c, 'invalid_client', 'unknown clientId')
      c.set('corsClientId', client.id)
      await revokeToken(deps.db, client, parsed.data.token, deps.clock())
      c.header('cache-control', 'no-store')
      c.header('pragma', 'no-cache')
      return c.json({})
    },
  )
}
