import type { Context } from 'hono'
import { z } from 'zod'
import type { Clock } from '../clock.ts'
import type { Db } from '../db/db.ts'
import type { Api, AppEnv } from '../http/api.ts'
import { findOAuthClient, type IssuedTokens, issueVisitorTokens, rotateRefreshToken } from './token-store.ts'

const TokenRequest = z.discriminatedUnion('grantType', [
  z.object({ grantType: z.literal('anonymous'), clientId: z.string().min(1).max(200) }),
  z.object({
    grantType: z.literal('refresh_token'),
    clientId: z.string().min(1).max(200),
    refresh_token: z.string().min(1).max(200),
  }),
])

const TokenResponse = z.object({
  access_token: z.string(),
  token_type: z.literal('Bearer'),
  expires_in: z.number().int(),
  refresh_token: z.string(),
})

type OAuthErrorCode = 'invalid_request' | 'invalid_client' | 'invalid_grant' | 'unsupported_grant_type'

/** RFC 6749 §5.2 error body; the token endpoint keeps the standard's own format. */
function oauthError(c: Context<AppEnv>, error: OAuthErrorCode, description: string) {
  c.header('cache-control', 'no-store')
  c.header('pragma', 'no-cache')
  return c.json({ error, error_description: description }, error === 'invalid_client' ? 401 : 400)
}

function tokenResponse(c: Context<AppEnv>, tokens: IssuedTokens) {
  c.header('cache-control', 'no-store')
  c.header('pragma', 'no-cache')
  return c.json({
    access_token: tokens.accessToken,
    token_type: 'Bearer',
    expires_in: tokens.expiresIn,
    refresh_token: tokens.refreshToken,
  })
}

const supportedGrants = new Set(['anonymous', 'refresh_token'])

/** `POST /oauth2/token`: the anonymous and refresh-token grants. */
export function registerTokenRoutes(api: Api, deps: { db: Db; clock: Clock }) {
  api.route(
    {
      method: 'post',
      path: '/oauth2/token',
      operationId: 'token',
      summary: 'Issue visitor tokens, or rotate a refresh token',
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
      const now = deps.clock()
      if (request.grantType === 'anonymous')
        return tokenResponse(c, await issueVisitorTokens(deps.db, client, now))
      const rotation = await rotateRefreshToken(deps.db, client, request.refresh_token, now)
      if (!rotation.ok) return oauthError(c, 'invalid_grant', rotation.reason)
      return tokenResponse(c, rotation.tokens)
    },
  )
}
