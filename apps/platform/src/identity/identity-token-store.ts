import type { Db } from '../db/db.ts'
import { queryOne } from '../db/db.ts'
import { createOpaqueToken, hashToken } from '../oauth/opaque-token.ts'

/** A direct login's session token is exchanged for a code at once: it lives five minutes at most. */
export const SESSION_TOKEN_TTL_SECONDS = 5 * 60
/**
 * A state token waits for the member to read an e-mail: an hour, within which the member may ask for a
 * new code (each code works 15 minutes).
 */
export const STATE_TOKEN_TTL_SECONDS = 60 * 60

function addSeconds(date: Date, seconds: number): Date {
  return new Date(date.getTime() + seconds * 1000)
}

/**
 * Issues the session token a successful direct login answers with: 256 random bits, stored hashed,
 * single use, bound to the member and to the OAuth client of the caller that logged in.
 */
export async function createSessionToken(
  db: Db,
  owner: { siteId: string; clientId: string; memberId: string },
  now: Date,
): Promise<string> {
  const token = createOpaqueToken()
  await db.query(
    `insert into member_session_tokens (token_hash, site_id, client_id, member_id, created_date, expires_at)
     values ($1, $2, $3, $4, $5, $6)`,
    [
      hashToken(token),
      owner.siteId,
      owner.clientId,
      owner.memberId,
      now,
      addSeconds(now, SESSION_TOKEN_TTL_SECONDS),
    ],
  )
  return token
}

/**
 * Spends a session token (by its hash) for the client it was issued to, atomically: of two concurrent
 * spends one gets the member id. `undefined` when the token is unknown, spent, expired, of another
 * client or of a member who is not active.
 */
export async function spendSessionToken(
  db: Db,
  tokenHash: string,
  client: { siteId: string; clientId: string },
  now: Date,
): Promise<string | undefined> {
  const row = await queryOne<{ member_id: string }>(
    db,
    `update member_session_tokens t set used_at = $4
      where t.token_hash = $1 and t.site_id = $2 and t.client_id = $3 and t.used_at is null and t.expires_at > $4
        and exists (select 1 from members m where m.id = t.member_id and m.status = 'ACTIVE')
      returning t.member_id`,
    [tokenHash, client.siteId, client.clientId, now],
  )
  return row?.member_id
}
