import { randomBytes } from 'node:crypto'
import type { Db } from '../db/db.ts'
import { queryOne } from '../db/db.ts'

/**
 * The platform's link-signing key: made (32 random bytes) by the first process that asks, then the same
 * for every process on the database, so a link in a mail works whichever process answers it.
 */
export async function loadSigningKey(db: Db, purpose = 'links'): Promise<Uint8Array> {
  await db.query('insert into signing_keys (purpose, key) values ($1, $2) on conflict (purpose) do nothing', [
    purpose,
    randomBytes(32),
  ])
  const row = await queryOne<{ key: Uint8Array }>(db, 'select key from signing_keys where purpose = $1', [
    purpose,
  ])
  if (!row) throw new Error(`no signing key ${purpose}`)
  return new Uint8Array(row.key)
}
