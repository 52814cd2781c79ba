import { randomBytes } from 'node:crypto'
import type { Db } from '../db/db.ts'
import { queryOne } from '../db/db.ts'

/**
 * The platform's secret named `name` (256 random bits), made on first use and kept in the database,
 * so every process of one platform shares it; of two processes making it at once, the first wins.
 */
export async function readPlatformSecret(db: Db, name: string, now: Date): Promise<Buffer> {
  await db.query(
    `insert into platform_secrets (name, value, created_date) values ($1, $2, $3)
     on conflict (name) do nothing`,
    [name, randomBytes(32).toString('base64url'), now],
  )
  const row = await queryOne<{ value: string }>(db, 'select value from platform_secrets where name = $1', [
    name,
  ])
  if (!row) throw new Error(`the platform secret "${name}" could not be read`)
  return Buffer.from(row.value, 'base64url')
}

/** Reads a platform secret once per process (and again after a failed read). */
export function createSecretReader(db: Db, name: string, clock: () => Date): () => Promise<Buffer> {
  let secret: Promise<Buffer> | undefined
  return () => {
    secret ??= readPlatformSecret(db, name, clock()).catch((error: unknown) => {
      secret = undefined
      throw error
    })
    return secret
  }
}
