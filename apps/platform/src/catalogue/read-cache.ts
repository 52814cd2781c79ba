import { createHash } from 'node:crypto'
import { constants, gzipSync } from 'node:zlib'
import { acceptsGzip } from '../http/accept-encoding.ts'
import { matchesETag } from '../http/entity-tags.ts'
import type { StockShown } from './stock-changes.ts'

/**
 * A cached answer: its JSON as UTF-8 bytes and gzipped (each made once, written to every socket as they
 * are) and the validator a client can revalidate it with.
 */
export interface CachedAnswer {
  body: Uint8Array<ArrayBuffer>
  /** The same bytes gzipped, for the clients that accept it (browsers, Node's fetch, the SDK's calls). */
  gzipped: Uint8Array<ArrayBuffer>
  etag: string
  /** Gzipped at the fast level only: the answer has not been asked for a second time yet. */
  isGzippedFast: boolean
  /**
   * For an answer kept across changes of stock (`catalogue-access.ts`): the stock version it is known good
   * at, and what it shows of the stock.
   */
  stock?: StockStamp
}

/** What a cached answer shows of the site's stock, and at which stock version (decisions 108 and 111). */
export interface StockStamp extends StockShown {
  version: number
}

/** Answers smaller than this are not worth a gzip header and a decoder's start. */
const MIN_GZIP_BYTES = 1024
/**
 * Most catalogue answers are made and never asked for again (a page of a collection, a search, at one
 * catalogue version): each is gzipped at the fast level (a quarter of the default level's CPU for a
 * 170 kB page, a third more bytes), and again at the default level the first time it is asked for again,
 * since then it is likely to be sent many times (decision 106).
 */
const FAST_GZIP_LEVEL = constants.Z_BEST_SPEED
const KEPT_GZIP_LEVEL = constants.Z_DEFAULT_COMPRESSION

function gzipped(body: Uint8Array<ArrayBuffer>, level: number): Uint8Array<ArrayBuffer> {
  return body.byteLength >= MIN_GZIP_BYTES ? new Uint8Array(gzipSync(body, { level })) : body
}

/**
 * An in-process cache of catalogue answers, least recently used out first, bounded in bytes. Keys
 * include the site's catalogue version, which every catalogue change bumps in the database and every
 * request reads with its credential, and its stock version, or else an entry carries the stock version it
 * is known good at and the products it shows (`StockStamp`), which `answerProductsCached` checks against the
 * changes since: an entry is never served after a change that touches it, in any process.
 */
export function createReadCache(options: { maxBytes?: number } = {}) {
  const maxBytes = options.maxBytes ?? 32 * 1024 * 1024
  const entries = new Map<string, CachedAnswer>()
  let bytes = 0
  const size = (entry: CachedAnswer) =>
    entry.body.byteLength + (entry.gzipped === entry.body ? 0 : entry.gzipped.byteLength)

  /**
   * The answer under `key`, if it is kept, as it is: for a caller that must check it is still good before
   * serving it (then {@link find}), so that an answer about to be made again is not gzipped again first.
   */
  function peek(key: string): CachedAnswer | undefined {
    return entries.get(key)
  }

  /** The answer under `key`, if it is kept, to be served (it becomes the most recently used). */
  function find(key: string): CachedAnswer | undefined {
    const hit = entries.get(key)
    if (!hit) return undefined
    entries.delete(key)
    if (!hit.isGzippedFast) {
      entries.set(key, hit)
      return hit
    }
    // Asked for again: worth the smaller gzip from now on (the same JSON, so the same ETag).
    const kept: CachedAnswer = { ...hit, gzipped: gzipped(hit.body, KEPT_GZIP_LEVEL), isGzippedFast: false }
    bytes += size(kept) - size(hit)
    entries.set(key, kept)
    return kept
  }

  /**
   * Keeps `value` as the answer under `key` (its JSON, gzipped once) and returns that answer. With `stock`, the
   * answer may outlive stock changes under the same key, so its ETag names the stock version too.
   */
  function keep(key: string, value: unknown, stock?: StockStamp): CachedAnswer {
    const body = new TextEncoder().encode(JSON.stringify(value))
    const fast = gzipped(body, FAST_GZIP_LEVEL)
    const tagged = stock ? `${key}|${stock.version}` : key
    const answer: CachedAnswer = {
      body,
      gzipped: fast,
      etag: `W/"${createHash('sha256').update(tagged).digest('base64url').slice(0, 22)}"`,
      isGzippedFast: fast !== body,
      ...(stock ? { stock } : {}),
    }
    if (size(answer) <= maxBytes / 4) {
      const replaced = entries.get(key)
      if (replaced) {
        entries.delete(key)
        bytes -= size(replaced)
      }
      entries.set(key, answer)
      bytes += size(answer)
      for (const [oldest, entry] of entries) {
        if (bytes <= maxBytes) break
        entries.delete(oldest)
        bytes -= size(entry)
      }
    }
    return answer
  }

  return {
    peek,
    find,
    keep,
    /** The answer under `key`, computed (and kept) on a miss. */
    async get(key: string, compute: () => Promise<unknown>): Promise<CachedAnswer> {
      return find(key) ?? keep(key, await compute())
    },
    get size() {
      return entries.size
    },
  }
}

export type ReadCache = ReturnType<typeof createReadCache>

/**
 * The response for a cached answer: 304 when the client's copy is current, else the JSON, gzipped for a
 * client that accepts it. The weak ETag stands for both encodings (RFC 9110 §8.8.1).
 */
export function toCachedResponse(
  answer: CachedAnswer,
  request: { ifNoneMatch: string | undefined; acceptEncoding: string | undefined },
): Response {
  // Catalogue answers need a token, so no shared cache may keep them; clients revalidate each time.
  const headers = {
    etag: answer.etag,
    'cache-control': 'private, no-cache',
    vary: 'Authorization, Accept-Encoding, X-Wix-Currency',
  }
  if (matchesETag(request.ifNoneMatch, answer.etag)) return new Response(null, { status: 304, headers })
  const { body, contentEncoding } = encodedBody(answer, request.acceptEncoding)
  return new Response(body, {
    status: 200,
    headers: {
      ...headers,
      'content-type': 'application/json',
      ...(contentEncoding ? { 'content-encoding': contentEncoding } : {}),
    },
  })
}

/** The bytes of a cached answer for a client: gzipped when it accepts gzip and they were worth gzipping. */
export function encodedBody(
  answer: CachedAnswer,
  acceptEncoding: string | undefined,
): { body: Uint8Array<ArrayBuffer>; contentEncoding?: 'gzip' } {
  return answer.gzipped !== answer.body && acceptsGzip(acceptEncoding)
    ? { body: answer.gzipped, contentEncoding: 'gzip' }
    : { body: answer.body }
}
