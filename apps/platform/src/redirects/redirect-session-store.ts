import { randomUUID } from 'node:crypto'
import type { Db } from '../db/db.ts'
import { queryOne } from '../db/db.ts'
import { createOpaqueToken, hashToken } from '../oauth/opaque-token.ts'
import type { StoredCallbacks } from './redirect-callbacks.ts'
import type { RedirectKind } from './redirect-kinds.ts'
import type { PreferencesInput } from './redirect-session-input.ts'

/** A redirect session leads to its hosted page within ten minutes, once. */
export const REDIRECT_SESSION_TTL_SECONDS = 10 * 60

export type { RedirectKind } from './redirect-kinds.ts'

/** A product page or members account stays open this long after its session is spent. */
export const HOSTED_VISIT_TTL_SECONDS = 60 * 60

/** An authorization request as validated and stored (the session token apart, hashed). */
export interface StoredAuthorizationRequest {
  /** The registered redirect URI: the one asked for, or the client's first when none was. */
  redirectUri: string
  isRedirectUriGiven: boolean
  codeChallenge: string
  codeChallengeMethod: 'S256'
  /** `web_message`: the hosted page posts the response to the redirect URI's origin (a silent login's frame). */
  responseMode: 'query' | 'fragment' | 'web_message'
  state: string
  /**
   * OIDC Core §3.1.2.1: `none` never shows a page; `select_account` lets a signed-in browser choose its
   * account first; `consent` is given for first-party clients and goes on as `login` (decision 036).
   */
  prompt: 'login' | 'none' | 'consent' | 'select_account'
}

/** What a redirect session holds for its hosted page. */
export interface RedirectSession {
  id: string
  siteId: string
  clientId: string
  kind: RedirectKind
  creator: { role: 'visitor' | 'member'; id: string }
  /** auth: the authorization request; other kinds: their input. */
  input: Record<string, unknown>
  callbacks: StoredCallbacks
  preferences: PreferencesInput
  memberSessionTokenHash: string | undefined
  expiresAt: Date
}

interface RedirectSessionRow {
  id: string
  site_id: string
  client_id: string
  kind: RedirectKind
  creator_role: 'visitor' | 'member'
  creator_id: string
  input: Record<string, unknown>
  callbacks: StoredCallbacks
  preferences: PreferencesInput
  member_session_token_hash: string | null
  expires_at: Date
}

function toRedirectSession(row: RedirectSessionRow): RedirectSession {
  return {
    id: row.id,
    siteId: row.site_id,
    clientId: row.client_id,
    kind: row.kind,
    creator: { role: row.creator_role, id: row.creator_id },
    input: row.input,
    callbacks: row.callbacks,
    preferences: row.preferences,
    memberSessionTokenHash: row.member_session_token_hash ?? undefined,
    expiresAt: new Date(row.expires_at),
  }
}

/**
 * Stores a redirect session for ten minutes. Returns its id and its token (256 random bits, for the
 * hosted page's URL; only the hash is stored).
 */
export async function createRedirectSession(
  db: Db,
  session: Omit<RedirectSession, 'id' | 'expiresAt'>,
  now: Date,
): Promise<{ id: string; token: string; expiresAt: Date }> {
  const id = randomUUID()
  const token = createOpaqueToken()
  const expiresAt = new Date(now.getTime() + REDIRECT_SESSION_TTL_SECONDS * 1000)
  await db.query(
    `insert into redirect_sessions (id, token_hash, site_id, client_id, kind, creator_role, creator_id, input,
       callbacks, preferences, member_session_token_hash, created_date, expires_at)
     values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13)`,
    [
      id,
      hashToken(token),
      session.siteId,
      session.clientId,
      session.kind,
      session.creator.role,
      session.creator.id,
      JSON.stringify(session.input),
      JSON.stringify(session.callbacks),
      JSON.stringify(session.preferences),
      session.memberSessionTokenHash ?? null,
      now,
      expiresAt,
    ],
  )
  return { id, token, expiresAt }
}

const LIVE = 'used_at is null and expires_at > $2'

/** The live (unspent, unexpired) redirect session with this token, if any. */
export async function findRedirectSession(
  db: Db,
  token: string,
  now: Date,
): Promise<RedirectSession | undefined> {
  if (token.length === 0 || token.length > 100) return undefined
  const row = await queryOne<RedirectSessionRow>(
    db,
    `select * from redirect_sessions where token_hash = $1 and ${LIVE}`,
    [hashToken(token), now],
  )
  return row && toRedirectSession(row)
}

/**
 * The redirect session a token names, spent or expired too: only to know whose shop a page that says the
 * link cannot be used is for, so that it wears that shop's brand (decision 100). Never to act on.
 */
export async function findRedirectSessionOfAnyState(
  db: Db,
  token: string | undefined,
): Promise<RedirectSession | undefined> {
  if (!token || token.length > 100) return undefined
  const row = await queryOne<RedirectSessionRow>(
    db,
    'select * from redirect_sessions where token_hash = $1',
    [hashToken(token)],
  )
  return row && toRedirectSession(row)
}

/**
 * Spends a redirect session, atomically: of two concurrent spends one gets `true`. The hosted page
 * completes a session once (a code, an error, a logout) and never again.
 */
export async function spendRedirectSession(db: Db, id: string, now: Date): Promise<boolean> {
  const rows = await db.query(
    `update redirect_sessions set used_at = $2 where id = $1 and ${LIVE} returning id`,
    [id, now],
  )
  return rows.length > 0
}

/**
 * Spends a redirect session and opens a visit of its page in one step: of two concurrent calls one
 * gets the visit token (256 random bits, for an HttpOnly cookie; only its hash is stored), the other
 * `undefined`, as does a spent or expired session. The visit lasts an hour.
 */
export async function spendRedirectSessionForVisit(
  db: Db,
  id: string,
  now: Date,
): Promise<string | undefined> {
  const visitToken = createOpaqueToken()
  const rows = await db.query(
    `update redirect_sessions set used_at = $2, visit_token_hash = $3, visit_expires_at = $4
      where id = $1 and ${LIVE} returning id`,
    [id, now, hashToken(visitToken), new Date(now.getTime() + HOSTED_VISIT_TTL_SECONDS * 1000)],
  )
  return rows.length > 0 ? visitToken : undefined
}

/** The spent session whose page this visit token keeps open, while the visit lasts. */
export async function findVisitedSession(
  db: Db,
  id: string,
  visitToken: string,
  now: Date,
): Promise<RedirectSession | undefined> {
  if (visitToken.length === 0 || visitToken.length > 100) return undefined
  const row = await queryOne<RedirectSessionRow>(
    db,
    'select * from redirect_sessions where id = $1 and visit_token_hash = $2 and visit_expires_at > $3',
    [id, hashToken(visitToken), now],
  )
  return row && toRedirectSession(row)
}
