import { createHash } from 'node:crypto'
import type { ReplicaRoutingDb } from '../db/replica-routing-db.ts'
import { rememberedByText } from '../db/statement-verdicts.ts'
import { toCanonicalPath } from './path-aliases.ts'

// The catalogue (products, variants, collections, their queries) and media: shared data that may be a
// moment old. Everything else (the current cart, orders, members, hosted pages, the dashboard) reads
// the primary. See decision 013.
const REPLICA_READ_PREFIXES = ['/stores/', '/media/']

/**
 * Tables that no replica read (a catalogue or media GET) shows: a shopper's cart, their checkouts and the
 * events outbox. Writing only these leaves nothing the caller's next replica read could miss.
 */
const UNSEEN_BY_REPLICA_READS = new Set(['carts', 'cart_line_items', 'checkouts', 'events'])
/** The tables a statement writes (`insert into`, `update`, `delete from`; an upsert's `do update` and a lock's `for update` are none). */
const WRITTEN_TABLE =
  /\b(?:insert\s+into|delete\s+from|(?<!\b(?:do|for|key)\s+)update)\s+(?:only\s+)?"?([a-z_][a-z0-9_]*)/gi
/**
 * Whether a write statement may change rows that a replica-read request shows: true unless every table
 * it writes is one no catalogue or media read reads. Conservative: a text it cannot read counts as seen.
 */
export const isWriteSeenByReplicaReads = rememberedByText((sql) => {
  const tables = [...sql.matchAll(WRITTEN_TABLE)].map((match) => (match[1] ?? '').toLowerCase())
  return tables.length === 0 || tables.some((table) => !UNSEEN_BY_REPLICA_READS.has(table))
})

/**
 * Whether a request may be answered from a read replica: a GET (or HEAD) of the catalogue or media,
 * under the platform's own path or an alias of it (`path-aliases.ts`).
 */
export function isReplicaReadRequest(method: string, path: string): boolean {
  if (method !== 'GET' && method !== 'HEAD') return false
  const canonical = toCanonicalPath(path)
  return REPLICA_READ_PREFIXES.some((prefix) => canonical.startsWith(prefix))
}

/**
 * The key under which a caller's writes are remembered: a SHA-256 of the credential in `Authorization`
 * (as `readCredential` reads it), so that no credential is stored; none without one.
 */
export function toCallerKey(authorization: string | null): string | undefined {
  const credential = authorization?.replace(/^Bearer\s+/i, '').trim()
  if (!credential) return undefined
  return createHash('sha256').update(credential).digest('base64url')
}

/**
 * Wraps the app's `fetch` so that each request runs with its reads routed by `db`: catalogue GETs from
 * a replica, everything else from the primary, and each caller's writes visible to their own reads.
 * @example
 * ```ts
 * serve({ fetch: withReadRouting(app.fetch, db), port })
 * ```
 */
export function withReadRouting<Env>(
  fetch: (request: Request, env: Env) => Response | Promise<Response>,
  db: ReplicaRoutingDb,
): (request: Request, env: Env) => Promise<Response> {
  return (request, env) =>
    db.runRequest(
      {
        mayReadReplica: isReplicaReadRequest(request.method, new URL(request.url).pathname),
        callerKey: toCallerKey(request.headers.get('authorization')),
      },
      async () => fetch(request, env),
    )
}
