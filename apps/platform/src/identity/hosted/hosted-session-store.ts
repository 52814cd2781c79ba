import type { Db } from '../../db/db.ts'
import { queryOne } from '../../db/db.ts'
import { createOpaqueToken, hashToken } from '../../oauth/opaque-token.ts'

/** A browser stays signed in on the hosted pages this long after signing in, however active. */
export const HOSTED_SESSION_LIFETIME_SECONDS = 14 * 24 * 60 * 60
/** A hosted session nobody used for this long has ended. */
export const HOSTED_SESSION_IDLE_SECONDS = 3 * 24 * 60 * 60
// Marking a session as seen is a write: once an hour is enough for a three-day idle limit.
const TOUCH_AFTER_SECONDS = 60 * 60

/** A browser signed in on the hosted pages. */
export interface HostedSession {
  idHash: string
  siteId: string
  memberId: string
}

/**
 * Signs a browser in on the hosted pages. Returns the id for the cookie; only its SHA-256 is stored.
 * Every sign-in makes a new id (no session fixation).
 */
export async function createHostedSession(
  db: Db,
  member: { siteId: string; memberId: string },
  now: Date,
): Promise<{ sessionId: string; idHash: string }> {
  const sessionId = createOpaqueToken()
  const idHash = hashToken(sessionId)
  await db.query(
    `insert into hosted_login_sessions (id_hash, site_id, member_id, created_date, last_seen_date, expires_at)
     values ($1, $2, $3, $4, $4, $5)`,
    [
      idHash,
      member.siteId,
      member.memberId,
      now,
      new Date(now.getTime() + HOSTED_SESSION_LIFETIME_SECONDS * 1000),
    ],
  )
  return { sessionId, idHash }
}

/**
 * The live hosted session with this cookie value on the site, whose member is still active:
 * `undefined` when unknown, revoked, expired, idle too long or of another site.
 */
export async function findHostedSession(
  db: Db,
  sessionId: string,
  siteId: string,
  now: Date,
): Promise<HostedSession | undefined> {
  if (sessionId.length === 0 || sessionId.length > 100) return undefined
  const idHash = hashToken(sessionId)
  const idleSince = new Date(now.getTime() - HOSTED_SESSION_IDLE_SECONDS * 1000)
  const row = await queryOne<{ member_id: string; last_seen_date: Date }>(
    db,
    `select s.member_id, s.last_seen_date from hosted_login_sessions s join members m on m.id = s.member_id
      where s.id_hash = $1 and s.site_id = $2 and s.revoked_date is null and s.expires_at > $3
        and s.last_seen_date > $4 and m.status = 'ACTIVE'`,
    [idHash, siteId, now, idleSince],
  )
  if (!row) return undefined
  if (now.getTime() - new Date(row.last_seen_date).getTime() > TOUCH_AFTER_SECONDS * 1000)
    await db.query('update hosted_login_sessions set last_seen_date = $2 where id_hash = $1', [idHash, now])
  return { idHash, siteId, memberId: row.member_id }
}

/** Ends a hosted session (logout). Returns its id hash when it was live. */
export async function revokeHostedSession(db: Db, sessionId: string, now: Date): Promise<string | undefined> {
  if (sessionId.length === 0 || sessionId.length > 100) return undefined
  const row = await queryOne<{ id_hash: string }>(
    db,
    'update hosted_login_sessions set revoked_date = $2 where id_hash = $1 and revoked_date is null returning id_hash',
    [hashToken(sessionId), now],
  )
  return row?.id_hash
}
