import { createHmac, randomUUID } from 'node:crypto'
import type { Db } from '../db/db.ts'
import { prepared, queryOne } from '../db/db.ts'
import type { ShopperCaller } from '../http/caller.ts'
import { siteColumns, toSite } from '../sites/site-store.ts'
import { createOpaqueToken, hashToken } from './opaque-token.ts'
import {
  ACCESS_TOKEN_TTL_SECONDS,
  MEMBER_REFRESH_IDLE_SECONDS,
  MEMBER_REFRESH_TOKEN_TTL_SECONDS,
  REFRESH_GRACE_SECONDS,
  VISITOR_REFRESH_TOKEN_TTL_SECONDS,
} from './token-lifetimes.ts'

export interface OAuthClient {
  id: string
  siteId: string
}

export interface IssuedTokens {
  accessToken: string
  refreshToken: string
  expiresIn: number
}

/** The client registered under `clientId`, if any. */
export async function findOAuthClient(db: Db, clientId: string): Promise<OAuthClient | undefined> {
  const row = await queryOne<{ id: string; site_id: string }>(
    db,
    'select id, site_id from oauth_clients where id = $1',
    [clientId],
  )
  return row && { id: row.id, siteId: row.site_id }
}

function addSeconds(date: Date, seconds: number): Date {
  return new Date(date.getTime() + seconds * 1000)
}

/** A token pair's values, when they are not new random ones (a rotation's successor is derived). */
interface TokenValues {
  accessToken: string
  refreshToken: string
}

/**
 * Issues an access and a refresh token for one subject, in one token family. The refresh token lives
 * for its role's lifetime, or until `refreshExpiresAt` (a rotated member token keeps its family's end).
 * `actorApiKeyId` marks tokens a merchant's API key minted for a member (external login).
 */
export async function issueTokens(
  db: Db,
  subject: {
    client: OAuthClient
    role: ShopperCaller['kind']
    subjectId: string
    familyId?: string
    refreshExpiresAt?: Date
    actorApiKeyId?: string | null | undefined
    values?: TokenValues
  },
  now: Date,
): Promise<IssuedTokens> {
  const accessToken = subject.values?.accessToken ?? createOpaqueToken()
  const refreshToken = subject.values?.refreshToken ?? createOpaqueToken()
  // Both tokens in one statement: a pair is never half stored, and it is one round trip.
  await db.query(
    `insert into oauth_tokens (token_hash, kind, site_id, client_id, role, subject_id, family_id, expires_at, created_date, actor_api_key_id)
     values ($1, 'access', $3, $4, $5, $6, $7, $8, $10, $11), ($2, 'refresh', $3, $4, $5, $6, $7, $9, $10, $11)`,
    [
      hashToken(accessToken),
      hashToken(refreshToken),
      subject.client.siteId,
      subject.client.id,
      subject.role,
      subject.subjectId,
      subject.familyId ?? randomUUID(),
      addSeconds(now, ACCESS_TOKEN_TTL_SECONDS),
      subject.refreshExpiresAt ??
        addSeconds(
          now,
          subject.role === 'member' ? MEMBER_REFRESH_TOKEN_TTL_SECONDS : VISITOR_REFRESH_TOKEN_TTL_SECONDS,
        ),
      now,
      subject.actorApiKeyId ?? null,
    ],
  )
  return { accessToken, refreshToken, expiresIn: ACCESS_TOKEN_TTL_SECONDS }
}

const ISSUE_VISITOR_TOKENS = prepared(`with client as (select id, site_id from oauth_clients where id = $1),
  visitor as (insert into visitors (id, site_id, created_date) select $2::uuid, site_id, $3 from client
              returning id, site_id),
  tokens as (insert into oauth_tokens (token_hash, kind, site_id, client_id, role, subject_id, family_id, expires_at, created_date)
             select t.hash, t.kind, v.site_id, $1, 'visitor', v.id, $4::uuid, t.expires_at, $3
             from visitor v
             cross join (values ($5::text, 'access', $6::timestamptz), ($7::text, 'refresh', $8::timestamptz))
               as t (hash, kind, expires_at)
             returning 1)
  select c.id, c.site_id, (select count(*) from tokens)::int as issued from client c`)

/**
 * Creates a visitor of the site of the client registered under `clientId` and issues its first tokens,
 * in one statement (the client's lookup included, so no transaction is needed: it all lands or none of
 * it does); `undefined` when no client has that id, and then nothing is written.
 */
export async function issueVisitorTokens(
  db: Db,
  clientId: string,
  now: Date,
): Promise<IssuedVisitorTokens | undefined> {
  const accessToken = createOpaqueToken()
  const refreshToken = createOpaqueToken()
  const visitorId = randomUUID()
  const accessTokenHash = hashToken(accessToken)
  const accessExpiresAt = addSeconds(now, ACCESS_TOKEN_TTL_SECONDS)
  const row = await queryOne<{ id: string; site_id: string; issued: number }>(db, ISSUE_VISITOR_TOKENS, [
    clientId,
    visitorId,
    now,
    randomUUID(),
    accessTokenHash,
    accessExpiresAt,
    hashToken(refreshToken),
    addSeconds(now, VISITOR_REFRESH_TOKEN_TTL_SECONDS),
  ])
  if (!row) return undefined
  if (row.issued !== 2) throw new Error(`issued ${row.issued} visitor tokens instead of 2`)
  return {
    client: { id: row.id, siteId: row.site_id },
    tokens: { accessToken, refreshToken, expiresIn: ACCESS_TOKEN_TTL_SECONDS },
    access: {
      caller: { kind: 'visitor', siteId: row.site_id, clientId: row.id, subjectId: visitorId },
      tokenHash: accessTokenHash,
      expiresAt: accessExpiresAt,
    },
  }
}

/** A new visitor's tokens, and what its access token proves (for a cache of checked tokens). */
export interface IssuedVisitorTokens {
  client: OAuthClient
  tokens: IssuedTokens
  access: IssuedAccessToken
}

/** An access token just issued: the caller it proves (but its site), its hash and when it expires. */
export interface IssuedAccessToken {
  caller: Omit<ShopperCaller, 'site'>
  tokenHash: string
  expiresAt: Date
}

export type RotationResult = { ok: true; tokens: IssuedTokens } | { ok: false; reason: string }

/**
 * The successor of a refresh token: derived from it with the platform's rotation key, so presenting
 * the same token again within the grace gives the same pair (nothing but hashes is stored), and only
 * the key's holder can tell a successor from its predecessor.
 */
function deriveSuccessor(rotationKey: Buffer, refreshToken: string): TokenValues {
  const derive = (label: string) =>
    createHmac('sha256', rotationKey).update(`${label}\0${refreshToken}`).digest('base64url')
  return { accessToken: derive('access'), refreshToken: derive('refresh') }
}

const ACTIVE_MEMBER_OR_VISITOR = `(role <> 'member' or exists (select 1 from members m where m.id = subject_id and m.status = 'ACTIVE'))`

/**
 * The successor of a refresh token spent at `usedAt`, when its holder may have it again: within the
 * grace, while the successor is still unspent and unrevoked (the predecessor is then the immediate one,
 * never a grandparent) and its subject may still log in.
 */
async function findGraceSuccessor(
  db: Db,
  successor: TokenValues,
  usedAt: Date,
  now: Date,
): Promise<IssuedTokens | undefined> {
  const elapsedSeconds = Math.floor((now.getTime() - usedAt.getTime()) / 1000)
  if (now.getTime() - usedAt.getTime() > REFRESH_GRACE_SECONDS * 1000 || elapsedSeconds < 0) return undefined
  const live = await db.query(
    `select kind from oauth_tokens
      where token_hash = any($1::text[]) and used_at is null and revoked_at is null and expires_at > $2
        and ${ACTIVE_MEMBER_OR_VISITOR}`,
    [[hashToken(successor.accessToken), hashToken(successor.refreshToken)], now],
  )
  if (live.length !== 2) return undefined
  return { ...successor, expiresIn: ACCESS_TOKEN_TTL_SECONDS - elapsedSeconds }
}

/**
 * Spends a refresh token and issues its successor in the same family, with the same role, subject and
 * API-key mark: nothing in the request can widen them (SECURITY.md T5). A member's successor expires
 * with its predecessor (the login's absolute lifetime, {@link MEMBER_REFRESH_TOKEN_TTL_SECONDS}); a
 * visitor's gets a fresh lifetime, so a returning visitor keeps the cart.
 *
 * A member's refresh token issued more than {@link MEMBER_REFRESH_IDLE_SECONDS} ago is refused like an
 * expired one (the inactivity timeout, SECURITY.md O5): its issue is the family's last use, so each
 * rotation starts a new idle window, and the successor still ends at the login's absolute end.
 *
 * The immediate predecessor presented again within {@link REFRESH_GRACE_SECONDS} (a lost answer, two
 * tabs racing) gets the same successor again, so the family does not fork (T3). Any other spent token
 * presented again, later or an older one, revokes its whole family: somebody holds a copy (T2).
 */
export async function rotateRefreshToken(
  db: Db,
  client: OAuthClient,
  refreshToken: string,
  now: Date,
  rotationKey: Buffer,
): Promise<RotationResult> {
  const successor = deriveSuccessor(rotationKey, refreshToken)
  const idleSince = addSeconds(now, -MEMBER_REFRESH_IDLE_SECONDS)
  return db.transaction(async (tx) => {
    const spent = await queryOne<{
      role: ShopperCaller['kind']
      subject_id: string
      family_id: string
      expires_at: Date
      actor_api_key_id: string | null
    }>(
      tx,
      `update oauth_tokens set used_at = $3
        where token_hash = $1 and kind = 'refresh' and client_id = $2
          and used_at is null and revoked_at is null and expires_at > $3 and ${ACTIVE_MEMBER_OR_VISITOR}
          and (role <> 'member' or created_date >= $4)
        returning role, subject_id, family_id, expires_at, actor_api_key_id`,
      [hashToken(refreshToken), client.id, now, idleSince],
    )
    if (spent) {
      const tokens = await issueTokens(
        tx,
        {
          client,
          role: spent.role,
          subjectId: spent.subject_id,
          familyId: spent.family_id,
          refreshExpiresAt: spent.role === 'member' ? new Date(spent.expires_at) : undefined,
          actorApiKeyId: spent.actor_api_key_id,
          values: successor,
        },
        now,
      )
      return { ok: true, tokens } as const
    }
    const replayed = await queryOne<{ family_id: string; used_at: Date; revoked_at: Date | null }>(
      tx,
      `select family_id, used_at, revoked_at from oauth_tokens
        where token_hash = $1 and kind = 'refresh' and client_id = $2 and used_at is not null`,
      [hashToken(refreshToken), client.id],
    )
    if (!replayed)
      return {
        ok: false,
        reason: 'The refresh token is unknown, expired, unused for too long or revoked.',
      } as const
    const again = replayed.revoked_at
      ? undefined
      : await findGraceSuccessor(tx, successor, new Date(replayed.used_at), now)
    if (again) return { ok: true, tokens: again } as const
    await tx.query('update oauth_tokens set revoked_at = $2 where family_id = $1 and revoked_at is null', [
      replayed.family_id,
      now,
    ])
    return { ok: false, reason: 'The refresh token was already used; its token family is revoked.' } as const
  })
}

/** A live access token as the database holds it: its caller, its expiry, and its site's row version. */
export interface AccessTokenRecord {
  caller: ShopperCaller
  expiresAt: Date
  /** The site row's `xmin`: any change to the site changes it (see `public-read-callers.ts`). */
  siteRowVersion: string
}

/** The columns of {@link accessTokenLookup}'s row, read by {@link toAccessTokenRecord}. */
export type AccessTokenRow = {
  role: ShopperCaller['kind']
  client_id: string
  subject_id: string
  expires_at: Date | string
  site_row_version: string
} & Parameters<typeof toSite>[0]

/**
 * The select of the live access token whose hash (see `hashToken`) is parameter `$hash` at the time in
 * parameter `$now`, with its site: no row for an unknown, expired or revoked token. Other statements
 * embed it (as a `with` part) to check their caller's token in their own round trip.
 */
export function accessTokenLookup(params: { hash: number; now: number }): string {
  return `select t.role, t.client_id, t.subject_id, t.expires_at, s.xmin::text as site_row_version, ${siteColumns}
       from oauth_tokens t join sites s on s.id = t.site_id
      where t.token_hash = $${params.hash} and t.kind = 'access' and t.revoked_at is null
        and t.expires_at > $${params.now}::timestamptz`
}

/** The token record of a row of {@link accessTokenLookup} (read as a row, or as JSON). */
export function toAccessTokenRecord(row: AccessTokenRow): AccessTokenRecord {
  return {
    caller: {
      kind: row.role,
      siteId: row.site_id,
      site: toSite(row),
      clientId: row.client_id,
      subjectId: row.subject_id,
    },
    expiresAt: new Date(row.expires_at),
    siteRowVersion: row.site_row_version,
  }
}

const FIND_ACCESS_TOKEN = prepared(accessTokenLookup({ hash: 1, now: 2 }))

/**
 * The live access token with this hash (see `hashToken`), or `undefined` for an unknown, expired or
 * revoked one: one statement, which reads the caller's site with it.
 */
export async function findAccessToken(
  db: Db,
  tokenHash: string,
  now: Date,
): Promise<AccessTokenRecord | undefined> {
  const row = await queryOne<AccessTokenRow>(db, FIND_ACCESS_TOKEN, [tokenHash, now])
  return row && toAccessTokenRecord(row)
}

/** The caller an access token proves, with its site, or `undefined` for an unknown, expired or revoked token. */
export async function findCallerByAccessToken(
  db: Db,
  accessToken: string,
  now: Date,
): Promise<ShopperCaller | undefined> {
  return (await findAccessToken(db, hashToken(accessToken), now))?.caller
}

/** The token family of an access token (the login it belongs to), if the token is known. */
export async function findTokenFamily(db: Db, accessToken: string): Promise<string | undefined> {
  const row = await queryOne<{ family_id: string }>(
    db,
    `select family_id from oauth_tokens where token_hash = $1 and kind = 'access'`,
    [hashToken(accessToken)],
  )
  return row?.family_id
}

/**
 * Revokes every live token of a visitor of the site: at a member's login the visitor who started it is
 * done (a login makes new tokens: no session fixation, SECURITY.md T6).
 */
export async function revokeVisitorTokens(
  tx: Db,
  siteId: string,
  visitorId: string,
  now: Date,
): Promise<void> {
  await tx.query(
    `update oauth_tokens set revoked_at = $3
      where site_id = $1 and role = 'visitor' and subject_id = $2 and revoked_at is null`,
    [siteId, visitorId, now],
  )
}

/**
 * Revokes the token family of `token` (an access or a refresh token of `client`): every access and
 * refresh token of that login, as a logout would; an access token takes its family with it, since the
 * client that gives it up is ending the login. A token that is unknown, of another client, expired or
 * already revoked revokes nothing, and the caller cannot tell (RFC 7009 §2.2). A spent refresh token
 * still within its lifetime revokes its family, as presenting it to the token endpoint would (T2).
 * The hosted-login browser session is left alone (its logout is `/_auth/logout`); a public-read caller
 * cached from the access token may still read the public catalogue for up to 30 s (decision 017).
 * Returns how many tokens it revoked.
 * @see https://www.rfc-editor.org/rfc/rfc7009#section-2.1
 */
export async function revokeToken(db: Db, client: OAuthClient, token: string, now: Date): Promise<number> {
  const rows = await db.query(
    `update oauth_tokens set revoked_at = $3
      where revoked_at is null and family_id = (
        select family_id from oauth_tokens
          where token_hash = $1 and client_id = $2 and revoked_at is null and expires_at > $3)
      returning token_hash`,
    [hashToken(token), client.id, now],
  )
  return rows.length
}
