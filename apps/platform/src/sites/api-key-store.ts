import { createHash, randomBytes, randomUUID } from 'node:crypto'
import type { Db } from '../db/db.ts'
import { queryOne } from '../db/db.ts'
import type { MerchantCaller } from '../http/caller.ts'
import { siteColumns, toSite } from './site-store.ts'

/** Every API key starts with this, so a key is recognisable in a header and by secret scanners. */
export const API_KEY_PREFIX = 'aisle_key_'

/** What a key may do. `catalogue`: read merchant data and write products, collections and media. */
export const apiKeyPermissions = ['catalogue', 'members', 'orders'] as const
export type ApiKeyPermission = (typeof apiKeyPermissions)[number]

function hashKey(key: string): string {
  return createHash('sha256').update(key).digest('base64url')
}

/** Whether a credential looks like an API key rather than an access token. */
export function isApiKey(credential: string): boolean {
  return credential.startsWith(API_KEY_PREFIX)
}

/** Creates an API key for a site and returns it; only its hash is stored, so this is the one chance to read it. */
export async function createApiKey(
  db: Db,
  input: { siteId: string; name: string; permissions: readonly ApiKeyPermission[] },
  now: Date,
): Promise<{ id: string; key: string }> {
  const id = randomUUID()
  const key = `${API_KEY_PREFIX}${randomBytes(32).toString('base64url')}`
  await db.query(
    'insert into api_keys (id, site_id, name, key_hash, permissions, created_date) values ($1, $2, $3, $4, $5, $6)',
    [id, input.siteId, input.name, hashKey(key), [...input.permissions], now],
  )
  return { id, key }
}

/** The merchant an API key proves for the named site, or `undefined` for an unknown, revoked or other site's key. */
export async function findMerchantByApiKey(
  db: Db,
  key: string,
  siteId: string,
): Promise<MerchantCaller | undefined> {
  const row = await queryOne<{ id: string; permissions: string[] } & Parameters<typeof toSite>[0]>(
    db,
    `select k.id, k.permissions, ${siteColumns} from api_keys k join sites s on s.id = k.site_id
      where k.key_hash = $1 and k.revoked_date is null`,
    [hashKey(key)],
  )
  if (!row || row.site_id !== siteId) return undefined
  return {
    kind: 'merchant',
    siteId: row.site_id,
    site: toSite(row),
    apiKeyId: row.id,
    permissions: row.permissions,
  }
}
