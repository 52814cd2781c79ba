import { randomUUID } from 'node:crypto'
import type { Db } from '../db/db.ts'
import { queryOne } from '../db/db.ts'
import type { ShopperCaller } from '../http/caller.ts'
import { siteColumns, toSite } from '../sites/site-store.ts'
import { createOpaqueToken, hashToken } from './opaque-token.ts'
import {
  ACCESS_TOKEN_TTL_SECONDS,
  MEMBER_REFRESH_TOKEN_TTL_SECONDS,
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

/**
 * Issues an access and a refresh token for one subject, in one token family. The refresh token lives
 * for its role's lifetime, or until `refreshExpiresAt` (a rotated member token keeps its family's end).
 */
export async function issueTokens(
  db: Db,
  subject: {
    client: OAuthClient
    role: ShopperCaller['kind']
    subjectId: string
    familyId?: string
    refreshExpiresAt?: Date
  },
  now: Date,
): Promise<IssuedTokens> {
  const accessToken = createOpaqueToken()
  const refreshToken = createOpaqueToken()
  const familyId = subject.familyId ?? randomUUID()
  const insert = `insert into oauth_tokens (token_hash, kind, site_id, client_id, role, subject_id, family_id, expires_at, created_date)
    values ($1, $2, $3, $4, $5, $6, $7, $8, $9)`
  const common = [subject.client.siteId, subject.client.id, subject.role, subject.subjectId, familyId]
  await db.query(insert, [
    hashToken(accessToken),
    'access',
    ...common,
    addSeconds(now, ACCESS_TOKEN_TTL_SECONDS),
    now,
  ])
  await db.query(insert, [
    hashToken(refreshToken),
    'refresh',
    ...common,
    subject.refreshExpiresAt ??
      addSeconds(
        now,
        subject.role === 'member' ? MEMBER_REFRESH_TOKEN_TTL_SECONDS : VISITOR_REFRESH_TOKEN_TTL_SECONDS,
      ),
    now,
  ])
  return { accessToken, refreshToken, expiresIn: ACCESS_TOKEN_TTL_SECONDS }
}

/** Creates a visitor of the client's site and issues its first tokens. */
export async function issueVisitorTokens(db: Db, client: OAuthClient, now: Date): Promise<IssuedTokens> {
  return db.transaction(async (tx) => {
    const visitorId = randomUUID()
    await tx.query('insert into visitors (id, site_id, created_date) values ($1, $2, $3)', [
      visitorId,
      client.siteId,
      now,
    ])
    return issueTokens(tx, { client, role: 'visitor', subjectId: visitorId }, now)
  })
}

export type RotationResult = { ok: true; tokens: IssuedTokens } | { ok: false; reason: string }

/**
 * Spends a refresh token and issues its successor in the same family. A token presented after it was
 * spent revokes its whole family: somebody holds a copy. A member's successor expires with its
 * predecessor (the login's absolute lifetime); a visitor's gets a fresh lifetime, so a returning
 * visitor keeps the cart.
 */
export async function rotateRefreshToken(
  db: Db,
  client: OAuthClient,
  refreshToken: string,
  now: Date,
): Promise<RotationResult> {
  return db.transaction(async (tx) => {
    const spent = await queryOne<{
      role: ShopperCaller['kind']
      subject_id: string
      family_id: string
      expires_at: Date
    }>(
      tx,
      `update oauth_tokens set used_at = $3
        where token_hash = $1 and kind = 'refresh' and client_id = $2
          and used_at is null and revoked_at is null and expires_at > $3
          and (role <> 'member' or exists (select 1 from members m where m.id = subject_id and m.status = 'ACTIVE'))
        returning role, subject_id, family_id, expires_at`,
      [hashToken(refreshToken), client.id, now],
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
        },
        now,
      )
      return { ok: true, tokens } as const
    }
    const replayed = await queryOne<{ family_id: string }>(
      tx,
      `select family_id from oauth_tokens where token_hash = $1 and kind = 'refresh' and client_id = $2 and used_at is not null`,
      [hashToken(refreshToken), client.id],
    )
    if (replayed) {
      await tx.query('update oauth_tokens set revoked_at = $2 where family_id = $1 and revoked_at is null', [
        replayed.family_id,
        now,
      ])
      return {
        ok: false,
        reason: 'The refresh token was already used; its token family is revoked.',
      } as const
    }
    return { ok: false, reason: 'The refresh token is unknown, expired or revoked.' } as const
  })
}

/** The caller an access token proves, with its site, or `undefined` for an unknown, expired or revoked token. */
export async function findCallerByAccessToken(
  db: Db,
  accessToken: string,
  now: Date,
): Promise<ShopperCaller | undefined> {
  const row = await queryOne<
    { role: ShopperCaller['kind']; client_id: string; subject_id: string } & Parameters<typeof toSite>[0]
  >(
    db,
    `select t.role, t.client_id, t.subject_id, ${siteColumns} from oauth_tokens t join sites s on s.id = t.site_id
      where t.token_hash = $1 and t.kind = 'access' and t.revoked_at is null and t.expires_at > $2`,
    [hashToken(accessToken), now],
  )
  return (
    row && {
      kind: row.role,
      siteId: row.site_id,
      site: toSite(row),
      clientId: row.client_id,
      subjectId: row.subject_id,
    }
  )
}
