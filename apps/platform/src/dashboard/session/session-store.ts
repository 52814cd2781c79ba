import { createHash, randomBytes } from 'node:crypto'
import type { Db } from '../../db/db.ts'
import { queryOne } from '../../db/db.ts'
import { type Site, siteColumns, toSite } from '../../sites/site-store.ts'

/** A session lasts at most this long after sign-in, however active. */
export const SESSION_LIFETIME_SECONDS = 12 * 60 * 60
/** A session nobody used for this long has ended. */
export const SESSION_IDLE_SECONDS = 2 * 60 * 60
// Marking a session as seen is a write: once a minute is enough for a two-hour idle limit.
const TOUCH_AFTER_SECONDS = 60

/** A signed-in site owner's session, as a request sees it. */
export interface DashboardSession {
  siteUserId: string
  siteId: string
  site: Site
  email: string
  /** The synchroniser token every form of this session must send back. */
  csrfToken: string
  expiresAt: Date
}

function hashSessionId(id: string): string {
  return createHash('sha256').update(id).digest('base64url')
}

/**
 * Starts a session for a site owner. Returns the session id for the cookie: only its SHA-256 hash is
 * stored, so a copy of the database holds no usable session.
 */
export async function createSession(
  db: Db,
  user: { id: string; siteId: string },
  now: Date,
): Promise<{ sessionId: string; expiresAt: Date }> {
  const sessionId = randomBytes(32).toString('base64url')
  const expiresAt = new Date(now.getTime() + SESSION_LIFETIME_SECONDS * 1000)
  await db.query(
    `insert into dashboard_sessions (id_hash, site_user_id, site_id, csrf_token, created_date, last_seen_date, expires_at)
     values ($1, $2, $3, $4, $5, $5, $6)`,
    [hashSessionId(sessionId), user.id, user.siteId, randomBytes(32).toString('base64url'), now, expiresAt],
  )
  return { sessionId, expiresAt }
}

/** The live session with this id: `undefined` when unknown, revoked, expired or idle too long. */
export async function findSession(
  db: Db,
  sessionId: string,
  now: Date,
): Promise<DashboardSession | undefined> {
  if (sessionId.length === 0 || sessionId.length > 100) return undefined
  const idHash = hashSessionId(sessionId)
  const idleSince = new Date(now.getTime() - SESSION_IDLE_SECONDS * 1000)
  const row = await queryOne<
    {
      site_user_id: string
      email: string
      csrf_token: string
      expires_at: Date
      last_seen_date: Date
    } & Parameters<typeof toSite>[0]
  >(
    db,
    `select ds.site_user_id, u.email, ds.csrf_token, ds.expires_at, ds.last_seen_date, ${siteColumns}
     from dashboard_sessions ds join site_users u on u.id = ds.site_user_id join sites s on s.id = ds.site_id
     where ds.id_hash = $1 and ds.revoked_date is null and ds.expires_at > $2 and ds.last_seen_date > $3`,
    [idHash, now, idleSince],
  )
  if (!row) return undefined
  if (now.getTime() - new Date(row.last_seen_date).getTime() > TOUCH_AFTER_SECONDS * 1000)
    await db.query('update dashboard_sessions set last_seen_date = $2 where id_hash = $1', [idHash, now])
  return {
    siteUserId: row.site_user_id,
    siteId: row.site_id,
    site: toSite(row),
    email: row.email,
    csrfToken: row.csrf_token,
    expiresAt: new Date(row.expires_at),
  }
}

/** Ends one session (sign-out). */
export async function revokeSession(db: Db, sessionId: string, now: Date): Promise<void> {
  await db.query(
    'update dashboard_sessions set revoked_date = $2 where id_hash = $1 and revoked_date is null',
    [hashSessionId(sessionId), now],
  )
}

/** Ends every session of a site owner (a new password, a lost laptop). Returns how many were live. */
export async function revokeSessionsOfSiteUser(db: Db, siteUserId: string, now: Date): Promise<number> {
  const rows = await db.query(
    'update dashboard_sessions set revoked_date = $2 where site_user_id = $1 and revoked_date is null returning id_hash',
    [siteUserId, now],
  )
  return rows.length
}
