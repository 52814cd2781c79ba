import { randomUUID } from 'node:crypto'
import type { Db } from '../db/db.ts'
import { queryOne } from '../db/db.ts'
import { createOpaqueToken, hashToken } from './opaque-token.ts'
import { isVerifierOfChallenge } from './pkce.ts'
import { AUTHORIZATION_CODE_TTL_SECONDS } from './token-lifetimes.ts'
import { type IssuedTokens, issueTokens, type OAuthClient } from './token-store.ts'

/** What an authorization code is bound to when it is issued. */
export interface AuthorizationCodeInput {
  siteId: string
  clientId: string
  memberId: string
  redirectUri: string
  /** Whether the authorization request named `redirectUri` (the token request must then repeat it). */
  isRedirectUriGiven: boolean
  codeChallenge: string
  /** The visitor whose cart joins the member's at the exchange. */
  visitorId: string | undefined
  /** The hosted-login browser session that logged in, so its logout can revoke these tokens. */
  hostedSessionIdHash: string | undefined
  redirectSessionId: string
}

/**
 * Issues a single-use authorization code (256 random bits, stored hashed) that lives 60 seconds.
 *
 * @see https://www.rfc-editor.org/rfc/rfc6749#section-4.1.2
 */
export async function createAuthorizationCode(
  db: Db,
  input: AuthorizationCodeInput,
  now: Date,
): Promise<string> {
  const code = createOpaqueToken()
  await db.query(
    `insert into authorization_codes (code_hash, site_id, client_id, member_id, redirect_uri, redirect_uri_given,
       code_challenge, code_challenge_method, visitor_id, hosted_session_id_hash, redirect_session_id,
       created_date, expires_at)
     values ($1, $2, $3, $4, $5, $6, $7, 'S256', $8, $9, $10, $11, $12)`,
    [
      hashToken(code),
      input.siteId,
      input.clientId,
      input.memberId,
      input.redirectUri,
      input.isRedirectUriGiven,
      input.codeChallenge,
      input.visitorId ?? null,
      input.hostedSessionIdHash ?? null,
      input.redirectSessionId,
      now,
      new Date(now.getTime() + AUTHORIZATION_CODE_TTL_SECONDS * 1000),
    ],
  )
  return code
}

/** The token request of the `authorization_code` grant. */
export interface CodeExchange {
  code: string
  codeVerifier: string
  redirectUri?: string | undefined
}

/** Who logged in, handed to `onLogin` inside the exchange's transaction. */
export interface MemberLogin {
  siteId: string
  clientId: string
  memberId: string
  visitorId: string | undefined
}

export type CodeExchangeResult<T> =
  | { ok: true; tokens: IssuedTokens; login: MemberLogin; onLoginResult: T }
  | { ok: false; reason: string }

interface CodeRow {
  site_id: string
  client_id: string
  member_id: string
  redirect_uri: string
  redirect_uri_given: boolean
  code_challenge: string
  visitor_id: string | null
  expires_at: Date
  used_at: Date | null
  family_id: string | null
  member_status: string | null
}

/**
 * Exchanges an authorization code for member tokens, in one transaction that holds the code's row
 * lock: of many concurrent exchanges exactly one succeeds. A code presented again revokes the tokens
 * issued from it (RFC 6749 §4.1.2, node-oidc-provider `consumeGrantSource`). A code of another client,
 * with another redirect URI, past its 60 seconds, of a member no longer active, or with a verifier
 * whose S256 challenge differs is refused and stays unspent. `onLogin` runs in the same transaction
 * (the cart merge).
 *
 * @see https://www.rfc-editor.org/rfc/rfc6749#section-4.1.3
 * @see https://www.rfc-editor.org/rfc/rfc7636#section-4.6
 */
export async function exchangeAuthorizationCode<T>(
  db: Db,
  client: OAuthClient,
  exchange: CodeExchange,
  now: Date,
  onLogin: (tx: Db, login: MemberLogin) => Promise<T>,
): Promise<CodeExchangeResult<T>> {
  return db.transaction(async (tx) => {
    const codeHash = hashToken(exchange.code)
    const row = await queryOne<CodeRow>(
      tx,
      `select c.site_id, c.client_id, c.member_id, c.redirect_uri, c.redirect_uri_given, c.code_challenge,
         c.visitor_id, c.expires_at, c.used_at, c.family_id, m.status as member_status
       from authorization_codes c left join members m on m.id = c.member_id
       where c.code_hash = $1 for update of c`,
      [codeHash],
    )
    if (!row) return { ok: false, reason: 'The code is unknown.' } as const
    if (row.used_at) {
      if (row.family_id)
        await tx.query(
          'update oauth_tokens set revoked_at = $2 where family_id = $1 and revoked_at is null',
          [row.family_id, now],
        )
      return {
        ok: false,
        reason: 'The code was already used; the tokens issued from it are revoked.',
      } as const
    }
    if (new Date(row.expires_at).getTime() <= now.getTime())
      return { ok: false, reason: 'The code has expired.' } as const
    if (row.client_id !== client.id)
      return { ok: false, reason: 'The code was issued to another client.' } as const
    const isRedirectUriRight =
      exchange.redirectUri === undefined ? !row.redirect_uri_given : exchange.redirectUri === row.redirect_uri
    if (!isRedirectUriRight)
      return { ok: false, reason: 'redirectUri differs from the one of the authorization request.' } as const
    if (!isVerifierOfChallenge(exchange.codeVerifier, row.code_challenge))
      return { ok: false, reason: 'PKCE verification failed: codeVerifier does not match.' } as const
    if (row.member_status !== 'ACTIVE') return { ok: false, reason: 'The member cannot log in.' } as const
    const familyId = randomUUID()
    await tx.query('update authorization_codes set used_at = $2, family_id = $3 where code_hash = $1', [
      codeHash,
      now,
      familyId,
    ])
    const tokens = await issueTokens(tx, { client, role: 'member', subjectId: row.member_id, familyId }, now)
    const login: MemberLogin = {
      siteId: row.site_id,
      clientId: client.id,
      memberId: row.member_id,
      visitorId: row.visitor_id ?? undefined,
    }
    return { ok: true, tokens, login, onLoginResult: await onLogin(tx, login) } as const
  })
}

/**
 * Revokes every token family issued from codes of one hosted-login browser session (its logout).
 * Returns how many tokens it revoked.
 */
export async function revokeTokensOfHostedSession(db: Db, idHash: string, now: Date): Promise<number> {
  const rows = await db.query(
    `update oauth_tokens set revoked_at = $2
      where revoked_at is null and family_id in (
        select family_id from authorization_codes where hosted_session_id_hash = $1 and family_id is not null)
      returning token_hash`,
    [idHash, now],
  )
  return rows.length
}
