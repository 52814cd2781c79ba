import { createHash, randomBytes, randomUUID } from 'node:crypto'
import type { Db } from '../db/db.ts'
import { queryOne } from '../db/db.ts'
import { type Site, siteColumns, toSite } from './site-store.ts'

/** Every API key starts with this, so a key is recognisable in a header and by secret scanners. */
export const API_KEY_PREFIX = 'aisle_key_'

/**
 * What a key may do. `catalogue`: read merchant data and write products, collections and media; `carts`:
 * read shoppers' carts by id and add line items to them, custom line items priced by the merchant too.
 */
export const apiKeyPermissions = ['catalogue', 'carts', 'members', 'orders', 'webhooks'] as const
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
): Promise<
  { kind: 'merchant'; siteId: string; site: Site; apiKeyId: string; permissions: string[] } | undefined
> {
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

/** An API key as its site sees it: never the key itself, which is not stored. */
export interface ApiKeySummary {
  id: string
  name: string
  permissions: string[]
  createdDate: Date
  revokedDate: Date | null
}

/** A site's API keys, newest first, revoked ones too. */
export async function listApiKeys(db: Db, siteId: string): Promise<ApiKeySummary[]> {
  const rows = await db.query<{
    id: string
    name: string
    permissions: string[]
    created_date: Date
    revoked_date: Date | null
  }>(
    'select id, name, permissions, created_date, revoked_date from api_keys where site_id = $1 order by created_date desc, id',
    [siteId],
  )
  return rows.map((row) => ({
    id: row.id,
    name: row.name,
    permissions: row.permissions,
    createdDate: new Date(row.created_date),
    revokedDate: row.revoked_date ? new Date(row.revoked_date) : null,
  }))
}

/** Revokes a site's API key: every call with it answers 401 from now on. Returns whether a live key was revoked. */
export async function revokeApiKey(db: Db, siteId: string, id: string, now: Date): Promise<boolean> {
  const rows = await db.query(
    'update api_keys set revoked_date = $3 where site_id = $1 and id = $2 and revoked_date is null returning id',
    [siteId, id, now],
  )
  return rows.length > 0
}
