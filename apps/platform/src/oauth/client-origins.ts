import type { Clock } from '../clock.ts'
import type { Db } from '../db/db.ts'

/** Tells whether a browser origin is registered for an OAuth client (the origin of one of its redirect URIs). */
export type OriginCheck = (origin: string, clientId: string | undefined) => Promise<boolean>

// Registrations change rarely; every process re-reads them after this long.
const CACHE_SECONDS = 60
const CACHE_ENTRIES = 10_000

function originOf(uri: string): string | undefined {
  try {
    return new URL(uri).origin
  } catch {
    return undefined
  }
}

/**
 * Checks origins against the clients' registered redirect URIs (node-oidc-provider `clientBasedCORS`:
 * a public client's origins are those of its `redirectUris`): for `clientId`, or for any client when
 * the request names none yet (a preflight). `null` and anything that is not a plain origin never pass.
 * Answers are kept for a minute per process.
 *
 * @see SECURITY.md H-1
 */
export function createOriginCheck(db: Db, clock: Clock): OriginCheck {
  const cache = new Map<string, { isAllowed: boolean; until: number }>()
  return async (origin, clientId) => {
    if (origin === 'null' || originOf(origin) !== origin) return false
    const key = `${clientId ?? '*'} ${origin}`
    const now = clock().getTime()
    const cached = cache.get(key)
    if (cached && cached.until > now) return cached.isAllowed
    // The prefix narrows the rows; the parsed origin decides (`https://shop.com` is no prefix match of
    // `https://shop.com.evil.com/` once parsed).
    const rows = await db.query<{ uri: string }>(
      `select uri from oauth_clients c, unnest(c.redirect_uris) as uri
        where starts_with(uri, $1) and ($2::text is null or c.id = $2) limit 100`,
      [origin, clientId ?? null],
    )
    const isAllowed = rows.some((row) => originOf(row.uri) === origin)
    if (cache.size >= CACHE_ENTRIES) cache.delete(cache.keys().next().value as string)
    cache.set(key, { isAllowed, until: now + CACHE_SECONDS * 1000 })
    return isAllowed
  }
}
