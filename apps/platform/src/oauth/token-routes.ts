import type { Context } from 'hono'
import { z } from 'zod'
import type { Clock } from '../clock.ts'
import type { Db } from '../db/db.ts'
import type { Api, AppEnv } from '../http/api.ts'
import { readCredential } from './authenticate.ts'
import { exchangeAuthorizationCode, type MemberLogin } from './authorization-code-store.ts'
import { grantExternalLogin } from './external-login.ts'
import { isPkceValue } from './pkce.ts'
import { createSecretReader } from './platform-secret.ts'
import {
  findOAuthClient,
  type IssuedTokens,
  issueVisitorTokens,
  revokeToken,
  rotateRefreshToken,
} from './token-store.ts'

const TokenRequest = z.discriminatedUnion('grantType', [
  z.object({ grantType: z.literal('anonymous'), clientId: z.string().min(1).max(200) }),
  z.object({
    grantType: z.literal('refresh_token'),
    clientId: z.string().min(1).max(200),
    refresh_token: z.string().min(1).max(200),
  }),
  z.object({
    grantType: z.literal('authorization_code'),
    clientId: z.string().min(1).max(200),
    code: z.string().min(1).max(200),
    codeVerifier: z
      .string()
      .refine(isPkceValue, 'must be 43 to 128 characters of A-Z, a-z, 0-9, "-", ".", "_", "~"'),
    redirectUri: z.string().min(1).max(2_000).optional(),
  }),
  z.object({
    grantType: z.literal('client_credentials'),
    clientId: z.string().min(1).max(200),
    memberId: z.guid(),
  }),
])

const RevokeRequest = z.object({
  clientId: z.string().min(1).max(200),
  token: z.string().min(1),
  token_type_hint: z
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

const supportedGrants = new Set(['anonymous', 'refresh_token', 'authorization_code', 'client_credentials'])

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
 * (PKCE S256) and external-login (`client_credentials` with a member id and a merchant API key) grants;
 * and `POST /oauth2/revoke`, token revocation (RFC 7009).
 */
export function registerTokenRoutes(api: Api, deps: TokenRouteDeps) {
  const rotationKey = createSecretReader(deps.db, 'refresh-rotation', deps.clock)
  api.route(
    {
      method: 'post',
      path: '/oauth2/token',
      operationId: 'token',
      summary:
        'Issue visitor tokens, rotate a refresh token, exchange an authorization code (PKCE S256) for member tokens, or give a merchant server (API key in Authorization, never from a browser) tokens for a member (client_credentials with memberId, audited)',
      tag: 'OAuth',
      body: TokenRequest,
      rawBody: true,
      response: TokenResponse,
      auth: 'none',
    },
    async ({ body }, c) => {
      const grantType = (body as { grantType?: unknown } | null)?.grantType
      if (typeof grantType === 'string' && !supportedGrants.has(grantType)) {
        return oauthError(
          c,
          'unsupported_grant_type',
          `grantType "${grantType.slice(0, 40)}" is not supported`,
        )
      }
      const parsed = TokenRequest.safeParse(body)
      if (!parsed.success) {
        const issue = parsed.error.issues[0]
        const where = issue?.path.join('.') || 'grantType'
        return oauthError(c, 'invalid_request', `"${where}": ${issue?.message ?? 'invalid request'}`)
      }
      const request = parsed.data
      const client = await findOAuthClient(deps.db, request.clientId)
      if (!client) return oauthError(c, 'invalid_client', 'unknown clientId')
      // A browser may read the answers of its own client only, and never an external login's.
      c.set('corsClientId', request.grantType === 'client_credentials' ? null : client.id)
      const now = deps.clock()
      if (request.grantType === 'anonymous')
        return tokenResponse(c, await issueVisitorTokens(deps.db, client, now))
      if (request.grantType === 'authorization_code') {
        const exchange = await exchangeAuthorizationCode(deps.db, client, request, now, (tx, login) =>
          deps.onMemberLogin(tx, login, now),
        )
        if (!exchange.ok) return oauthError(c, 'invalid_grant', exchange.reason)
        return tokenResponse(c, exchange.tokens, { cart_merge: exchange.onLoginResult })
      }
      if (request.grantType === 'client_credentials') {
        const grant = await grantExternalLogin(
          deps.db,
          {
            client,
            memberId: request.memberId,
            credential: readCredential(c.req.header('authorization')),
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
        request.refresh_token,
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
      const parsed = RevokeRequest.safeParse(body)
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
