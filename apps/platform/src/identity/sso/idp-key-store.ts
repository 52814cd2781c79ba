import type { Db } from '../../db/db.ts'
import { queryOne } from '../../db/db.ts'
import type { JwkSet } from '../../oauth/id-token.ts'

/** Keys fetched from a provider, and until when they are used without asking again. */
export interface FetchedKeys {
  jwks: JwkSet
  freshUntil: Date
}

/** The keys last fetched for a connection, if any. */
export async function readFetchedKeys(db: Db, connectionId: string): Promise<FetchedKeys | undefined> {
  const row = await queryOne<{ fetched_jwks: JwkSet | null; keys_fresh_until: Date | null }>(
    db,
    'select fetched_jwks, keys_fresh_until from idp_connections where id = $1',
    [connectionId],
  )
  return row?.fetched_jwks && row.keys_fresh_until
    ? { jwks: row.fetched_jwks, freshUntil: new Date(row.keys_fresh_until) }
    : undefined
}

/**
 * Takes the connection's turn to ask its provider for keys: granted when nobody asked within
 * `intervalSeconds`, in one conditional update, so processes and requests racing get one turn between them.
 */
export async function claimKeyRequest(
  db: Db,
  connectionId: string,
  now: Date,
  intervalSeconds: number,
): Promise<boolean> {
  const rows = await db.query(
    `update idp_connections set keys_requested_date = $2
      where id = $1 and (keys_requested_date is null or keys_requested_date <= $3) returning id`,
    [connectionId, now, new Date(now.getTime() - intervalSeconds * 1000)],
  )
  return rows.length > 0
}

/** Keeps the keys just fetched for a connection, fresh until `freshUntil`. */
export async function storeFetchedKeys(db: Db, connectionId: string, keys: FetchedKeys): Promise<void> {
  await db.query('update idp_connections set fetched_jwks = $2, keys_fresh_until = $3 where id = $1', [
    connectionId,
    JSON.stringify(keys.jwks),
    keys.freshUntil,
  ])
}
