import type { Db } from '../db/db.ts'
import { queryOne } from '../db/db.ts'
import { hashToken } from './opaque-token.ts'

/** The kinds of value that may be presented once: a captcha answer, an identity provider's ID token. */
export type SpentValueKind = 'captcha' | 'id_token'

/**
 * Marks `value` of `kind` as spent until `expiresAt`, atomically: of any number of concurrent spends
 * of one value, exactly one gets `true`. Only the value's SHA-256 is stored. Spent values past their
 * expiry are cleared on the way (a value that old is refused for its age anyway).
 */
export async function spendValue(
  db: Db,
  kind: SpentValueKind,
  value: string,
  expiresAt: Date,
  now: Date,
): Promise<boolean> {
  await db.query('delete from spent_values where kind = $1 and expires_at <= $2', [kind, now])
  const row = await queryOne(
    db,
    `insert into spent_values (kind, value_hash, spent_date, expires_at) values ($1, $2, $3, $4)
     on conflict (kind, value_hash) do nothing returning value_hash`,
    [kind, hashToken(value), now, expiresAt],
  )
  return row !== undefined
}
