import type { Context } from 'hono'
import { z } from 'zod'
import type { Api, AppEnv } from '../http/api.ts'
import { readOAuthRequest } from './oauth-request.ts'
import { createSecretReader } from './platform-secret.ts'
import {
  ClientId,
  grantTokens,
  type OAuthErrorCode,
  type TokenGrantDeps,
  TokenRequest,
} from './token-grants.ts'
import { findOAuthClient, type IssuedTokens, revokeToken } from './token-store.ts'

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

/** What the token endpoint needs: the grants' needs but the rotation key, which it reads itself. */
export type TokenRouteDeps = Omit<TokenGrantDeps, 'rotationKey'>

/**
 * `POST /oauth2/token`: the anonymous, refresh-token (rotation with a 10-second grace), authorization-code
 * (PKCE S256) and external-login (`authorized_client`, or `client_credentials`, with a member id and a
 * merchant API key) grants; and `POST /oauth2/revoke`, token revocation (RFC 7009). Both read JSON or
 * forms, with camelCase or RFC 6749 field names (`oauth-request.ts`, decision 032).
 */
export function registerTokenRoutes(api: Api, deps: TokenRouteDeps) {
  const grantDeps = { ...deps, rotationKey: createSecretReader(deps.db, 'refresh-rotation', deps.clock) }
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
      const outcome = await grantTokens(grantDeps, {
        fields: read.fields,
        authorization: c.req.header('authorization'),
        origin: c.req.header('origin'),
        remoteAddress: c.get('clientAddress'),
      })
      if (outcome.corsClientId !== undefined) c.set('corsClientId', outcome.corsClientId)
      if (!outcome.ok) return oauthError(c, outcome.error, outcome.description)
      return tokenResponse(c, outcome.tokens, outcome.extra)
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
