import { AisleError } from '../http/aisle-error.js'
import { toStatusText, toUpperSnakeCase } from '../http/status-text.js'
import { requestIdOf } from '../http/to-aisle-error.js'
import type { AuthTransport } from './auth-strategy.js'
import type { TokenRole, Tokens } from './tokens.js'

/** A grant sent to the token endpoint (spec section 7, "POST /oauth2/token"), besides `clientId`. */
export type TokenGrant =
  | { grantType: 'anonymous' }
  | { grantType: 'refresh_token'; refresh_token: string }
  | { grantType: 'authorization_code'; code: string; codeVerifier: string; redirectUri?: string | undefined }
  | { grantType: 'client_credentials'; memberId: string }

/** A successful answer of the token endpoint. */
export interface TokenAnswer {
  access_token: string
  token_type?: 'Bearer'
  /** Lifetime of the access token in seconds. */
  expires_in: number
  refresh_token?: string | undefined
  /** After an authorization code grant: what became of the cart of the visitor who logged in. */
  cart_merge?: {
    kind?: 'none' | 'moved' | 'merged'
    cartId?: string
    visitorCartId?: string
    combinedLines?: number
    addedLines?: number
    droppedLines?: number
  }
}

/**
 * Posts `body` as JSON to an endpoint of the `oauth` family (`/token`, `/revoke`) on `baseUrl`, without
 * a token, and resolves its answer; `headers` go with the request (the merchant API key of an external
 * login). `isAnswer` checks a 200 answer's shape.
 *
 * @throws {AisleError} `something went wrong` for any non-200 answer or one `isAnswer` refuses, with the
 * RFC 6749 `error` in upper snake case as code (or the status text's, or `INVALID_TOKEN_RESPONSE`) and
 * the error body as `details`; `NETWORK_ERROR` when no answer arrived.
 * @see https://www.rfc-editor.org/rfc/rfc6749#section-5.2
 */
export async function postOAuth<T>(
  transport: AuthTransport,
  path: string,
  body: object,
  isAnswer: (answer: unknown) => answer is T,
  headers?: Record<string, string>,
): Promise<T> {
  const url = transport.toPath('oauth', path)
  const init = {
    method: 'POST',
    headers: { accept: 'application/json', 'content-type': 'application/json', ...headers },
    body: JSON.stringify(body),
  }
  const response = await transport.fetchWithoutAuth(url, init)
  const requestId = requestIdOf(response)
  const answer = await response.json().catch(() => undefined)
  const fail = (code: string) =>
    new AisleError({
      message: 'something went wrong',
      code,
      status: response.status,
      requestId,
      details: typeof answer === 'object' && answer !== null ? answer : {},
      request: { method: 'POST', url: response.url || url },
    })
  if (response.status !== 200) {
    const error =
      typeof answer?.error === 'string' ? answer.error : toStatusText(response.status, response.statusText)
    throw fail(toUpperSnakeCase(error))
  }
  if (!isAnswer(answer)) throw fail('INVALID_TOKEN_RESPONSE')
  return answer
}

/** Tells whether a 200 answer of the token endpoint has the fields of a {@link TokenAnswer}. */
export function isTokenAnswer(answer: unknown): answer is TokenAnswer {
  const body = answer as Partial<Record<keyof TokenAnswer, unknown>> | undefined
  return (
    typeof body?.access_token === 'string' &&
    typeof body.expires_in === 'number' &&
    (body.refresh_token === undefined || typeof body.refresh_token === 'string')
  )
}

/**
 * Turns a token answer into {@link Tokens}: the access token expires `expires_in` seconds after `now`
 * (spec section 9), and an answer without a refresh token keeps `previousRefreshToken`.
 */
export function toTokens(
  answer: TokenAnswer,
  role: TokenRole,
  previousRefreshToken: string,
  now: number,
): Tokens {
  return {
    accessToken: { value: answer.access_token, expiresAt: Math.floor(now / 1000) + answer.expires_in },
    refreshToken: { value: answer.refresh_token || previousRefreshToken, role },
  }
}
