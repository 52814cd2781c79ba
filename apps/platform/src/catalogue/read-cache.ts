import { createHash } from 'node:crypto'

/**
 * A cached answer: its JSON as UTF-8 bytes (encoded once, written to every socket as they are) and the
 * validator a client can revalidate it with.
 */
export interface CachedAnswer {
  body: Uint8Array<ArrayBuffer>
  etag: string
}

/**
 * An in-process cache of catalogue answers, least recently used out first, bounded in bytes. Keys
 * include the site's catalogue version, which every catalogue change bumps in the database and every
 * request reads with its credential: an entry is never served after a change, in any process.
 */
export function createReadCache(options: { maxBytes?: number } = {}) {
  const maxBytes = options.maxBytes ?? 32 * 1024 * 1024
  const entries = new Map<string, CachedAnswer>()
  let bytes = 0
  return {
    /** The answer under `key`, computed (and kept) on a miss. */
    async get(key: string, compute: () => Promise<unknown>): Promise<CachedAnswer> {
      const hit = entries.get(key)
      if (hit) {
        entries.delete(key)
        entries.set(key, hit)
        return hit
      }
      const body = new TextEncoder().encode(JSON.stringify(await compute()))
      const answer = {
        body,
        etag: `W/"${createHash('sha256').update(key).digest('base64url').slice(0, 22)}"`,
      }
      if (body.byteLength <= maxBytes / 4) {
        entries.set(key, answer)
        bytes += body.byteLength
        for (const [oldest, entry] of entries) {
          if (bytes <= maxBytes) break
          entries.delete(oldest)
          bytes -= entry.body.byteLength
        }
      }
      return answer
    },
    get size() {
      return entries.size
    },
  }
}

export type ReadCache = ReturnType<typeof createReadCache>

/** The response for a cached answer: 304 when the client's copy is current, else the JSON. */
export function toCachedResponse(answer: CachedAnswer, ifNoneMatch: string | undefined): Response {
  // Catalogue answers need a token, so no shared cache may keep them; clients revalidate each time.
  const headers = { etag: answer.etag, 'cache-control': 'private, no-cache', vary: 'Authorization' }
  if (ifNoneMatch?.split(',').some((tag) => tag.trim() === answer.etag))
    return new Response(null, { status: 304, headers })
  return new Response(answer.body, {
    status: 200,
    headers: { ...headers, 'content-type': 'application/json' },
  })
}
