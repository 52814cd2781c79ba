import { randomUUID } from 'node:crypto'
import type { Db } from '../db/db.ts'
import { queryOne } from '../db/db.ts'
import { findMerchantByApiKey, isApiKey } from '../sites/api-key-store.ts'
import { type IssuedTokens, issueTokens, type OAuthClient } from './token-store.ts'

/** The API-key permission an external login needs: the key may act for the site's members. */
export const EXTERNAL_LOGIN_PERMISSION = 'members'

/** An external-login request: the client, the member, and what the request proves about its sender. */
export interface ExternalLoginRequest {
  client: OAuthClient
  memberId: string
  /** The raw `Authorization` credential (the merchant's API key). */
  credential: string | undefined
  /** The request's `Origin` header: a browser's request has one. */
  origin: string | undefined
  remoteAddress: string | undefined
}

export type ExternalLoginResult =
  | { ok: true; tokens: IssuedTokens }
  | { ok: false; error: 'invalid_client' | 'unauthorized_client' | 'invalid_grant'; reason: string }

/** One entry of the external-login audit: a merchant's API key acting for a member, granted or refused. */
export interface ExternalLoginAudit {
  siteId: string
  clientId: string | undefined
  apiKeyId: string | undefined
  memberId: string
  outcome: 'GRANTED' | 'REFUSED'
  /** What happened: the refusal's reason, or what was granted (`granted`, `sign-on`). */
  reason: string
  remoteAddress: string | undefined
  familyId?: string | undefined
}

/** What the `Authorization` of an external-login request holds. */
export interface ExternalLoginAuthorization {
  /** The merchant's API key. */
  apiKey: string | undefined
  /** A visitor's access token of the client, sent before the key (`<access token>,<API key>`). */
  accessToken: string | undefined
}

/**
 * Reads the `Authorization` of an external-login request: the API key alone (as `@aisle/sdk` sends it),
 * or a visitor's access token, a comma and the API key (as the Wix client sends it; its token names the
 * OAuth client when the request does not). A `Bearer ` prefix is accepted.
 */
export function readExternalLoginAuthorization(header: string | undefined): ExternalLoginAuthorization {
  const parts = (header ?? '')
    .replace(/^Bearer\s+/i, '')
    .split(',')
    .map((part) => part.trim())
  if (parts.length > 2 || parts.some((part) => part.length > 512)) {
    return { apiKey: undefined, accessToken: undefined }
  }
  const apiKey = parts.find((part) => isApiKey(part))
  const accessToken = parts.find((part) => part.length > 0 && !isApiKey(part))
  return { apiKey, accessToken }
}

/** Records an entry of the external-login audit (SECURITY.md X2: who, which member, when, the outcome). */
export async function recordExternalLoginAudit(db: Db, entry: ExternalLoginAudit, now: Date) {
  await db.query(
    `insert into external_login_audit (id, site_id, client_id, api_key_id, member_id, outcome, reason,
       remote_address, family_id, created_date)
     values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10)`,
    [
      randomUUID(),
      entry.siteId,
      entry.clientId ?? null,
      entry.apiKeyId ?? null,
      entry.memberId.slice(0, 100),
      entry.outcome,
      entry.reason,
      entry.remoteAddress ?? null,
      entry.familyId ?? null,
      now,
    ],
  )
}

function audit(
  db: Db,
  request: ExternalLoginRequest,
  entry: Pick<ExternalLoginAudit, 'apiKeyId' | 'outcome' | 'reason' | 'familyId'>,
  now: Date,
) {
  const { client, memberId, remoteAddress } = request
  return recordExternalLoginAudit(
    db,
    { siteId: client.siteId, clientId: client.id, memberId, remoteAddress, ...entry },
    now,
  )
}

/** Why a request is refused before the member is looked at, or `undefined` when its sender is the site's server. */
async function checkSender(
  db: Db,
  request: ExternalLoginRequest,
): Promise<{ apiKeyId?: string; refusal?: Exclude<ExternalLoginResult, { ok: true }> }> {
  if (request.origin !== undefined)
    return {
      refusal: {
        ok: false,
        error: 'unauthorized_client',
        reason: 'The external-login grant is for servers: a request from a browser (with Origin) is refused.',
      },
    }
  if (!request.credential || !isApiKey(request.credential))
    return {
      refusal: {
        ok: false,
        error: 'invalid_client',
        reason: 'A merchant API key is required in Authorization.',
      },
    }
  const merchant = await findMerchantByApiKey(db, request.credential, request.client.siteId)
  if (!merchant)
    return {
      refusal: {
        ok: false,
        error: 'invalid_client',
        reason: 'The API key is unknown, revoked or of another site than the client.',
      },
    }
  if (!merchant.permissions.includes(EXTERNAL_LOGIN_PERMISSION))
    return {
      apiKeyId: merchant.apiKeyId,
      refusal: {
        ok: false,
        error: 'unauthorized_client',
        reason: `The API key lacks the "${EXTERNAL_LOGIN_PERMISSION}" permission.`,
      },
    }
  return { apiKeyId: merchant.apiKeyId }
}

/**
 * The authorized-client grant of an external login (spec section 6): a merchant's server, proven by an
 * API key of the client's site with the `members` permission, gets tokens for an active member of that
 * site. Never from a browser: a request with `Origin` is refused. Every attempt is audited (who, which
 * member, when, the outcome) in the same transaction as the tokens, and the tokens name the API key
 * (`actor_api_key_id`), so they can be told apart and revoked with it.
 *
 * @see SECURITY.md X1, X2; RFC 9700 §2.5
 */
export async function grantExternalLogin(
  db: Db,
  request: ExternalLoginRequest,
  now: Date,
): Promise<ExternalLoginResult> {
  return db.transaction(async (tx) => {
    const sender = await checkSender(tx, request)
    if (sender.refusal) {
      await audit(
        tx,
        request,
        { apiKeyId: sender.apiKeyId, outcome: 'REFUSED', reason: sender.refusal.reason },
        now,
      )
      return sender.refusal
    }
    const member = await queryOne(
      tx,
      `select 1 from members where id = $1 and site_id = $2 and status = 'ACTIVE'`,
      [request.memberId, request.client.siteId],
    )
    if (!member) {
      const reason = 'The member is unknown, of another site, or may not log in.'
      await audit(tx, request, { apiKeyId: sender.apiKeyId, outcome: 'REFUSED', reason }, now)
      return { ok: false, error: 'invalid_grant', reason } as const
    }
    const familyId = randomUUID()
    const tokens = await issueTokens(
      tx,
      {
        client: request.client,
        role: 'member',
        subjectId: request.memberId,
        familyId,
        actorApiKeyId: sender.apiKeyId,
      },
      now,
    )
    await audit(
      tx,
      request,
      { apiKeyId: sender.apiKeyId, outcome: 'GRANTED', reason: 'granted', familyId },
      now,
    )
    return { ok: true, tokens } as const
  })
}
