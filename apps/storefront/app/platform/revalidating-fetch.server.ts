/** One stored answer: its body and the headers it came with (its `ETag` among them). */
interface StoredAnswer {
  body: ArrayBuffer
  headers: [string, string][]
  etag: string
}

/**
 * Headers an answer may vary on and still be stored: the SDK sends the same `Accept` on every call; the
 * display currency (`x-wix-currency`) is part of the key.
 */
const STORABLE_VARY = new Set(['authorization', 'accept', 'accept-encoding', 'x-wix-currency'])

/** How big the cache may grow, and which URLs it may keep. */
export interface RevalidatingFetchOptions {
  /** Bytes of bodies kept at most (least recently used out first); 16 MiB by default. */
  maxBytes?: number
  /** Only GETs under these URL prefixes are kept (the catalogue's read-only host). */
  prefixes: readonly string[]
}

/**
 * Wraps `fetch` with a private HTTP cache that always revalidates: a GET under one of `prefixes` whose answer
 * has an `ETag` (and no `no-store`) is kept, and the next identical GET with the same `Authorization` sends
 * `If-None-Match`; a `304` then answers from the kept body, so the platform does not send it again. Keys include
 * the `Authorization` header, as the platform's `Vary: Authorization` asks, so no visitor ever gets an answer
 * made for another; an answer varying on anything else is not kept.
 * @example
 * const client = createClient({ fetch: createRevalidatingFetch(fetch, { prefixes: [readOnlyApiUrl] }), ... })
 */
export function createRevalidatingFetch(
  fetchFunction: typeof fetch,
  options: RevalidatingFetchOptions,
): typeof fetch & { readonly size: number } {
  const maxBytes = options.maxBytes ?? 16 * 1024 * 1024
  const entries = new Map<string, StoredAnswer>()
  let bytes = 0

  function remember(key: string, answer: StoredAnswer) {
    forget(key)
    if (answer.body.byteLength > maxBytes / 8) return
    entries.set(key, answer)
    bytes += answer.body.byteLength
    for (const [oldest, entry] of entries) {
      if (bytes <= maxBytes) break
      entries.delete(oldest)
      bytes -= entry.body.byteLength
    }
  }

  function forget(key: string) {
    const entry = entries.get(key)
    if (!entry) return
    entries.delete(key)
    bytes -= entry.body.byteLength
  }

  const revalidatingFetch = async (input: RequestInfo | URL, init?: RequestInit): Promise<Response> => {
    const url = typeof input === 'string' ? input : input instanceof URL ? input.href : undefined
    const method = (init?.method ?? 'GET').toUpperCase()
    if (url === undefined || method !== 'GET' || !options.prefixes.some((prefix) => url.startsWith(prefix))) {
      return fetchFunction(input, init)
    }
    const headers = new Headers(init?.headers)
    const key = `${url}\n${headers.get('authorization') ?? ''}\n${headers.get('x-wix-currency') ?? ''}`
    const stored = entries.get(key)
    if (stored && !headers.has('if-none-match')) headers.set('if-none-match', stored.etag)
    const response = await fetchFunction(input, { ...init, headers })
    if (response.status === 304 && stored) {
      // Most recently used last, so it is the last to go.
      entries.delete(key)
      entries.set(key, stored)
      return new Response(stored.body.slice(0), { status: 200, headers: stored.headers })
    }
    const etag = response.headers.get('etag')
    if (response.status !== 200 || !etag || !isStorable(response.headers)) {
      if (response.status === 200) forget(key)
      return response
    }
    const body = await response.arrayBuffer()
    const kept: [string, string][] = [...response.headers].filter(([name]) => name !== 'set-cookie')
    remember(key, { body, headers: kept, etag })
    return new Response(body.slice(0), { status: 200, statusText: response.statusText, headers: kept })
  }

  return Object.defineProperty(revalidatingFetch, 'size', { get: () => entries.size }) as typeof fetch & {
    readonly size: number
  }
}

function isStorable(headers: Headers): boolean {
  const cacheControl = headers.get('cache-control')?.toLowerCase() ?? ''
  if (/(^|[,\s])no-store($|[,\s=])/.test(cacheControl)) return false
  const vary = headers.get('vary')
  if (!vary) return true
  return vary.split(',').every((name) => STORABLE_VARY.has(name.trim().toLowerCase()))
}
