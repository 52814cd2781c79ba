import { describe, expect, it } from 'vitest'
import { createRevalidatingFetch } from './revalidating-fetch.server'

const host = 'http://replica.test'

/**
 * An origin that answers as the platform's catalogue reads do: JSON with an ETag, `private, no-cache`,
 * `Vary: Authorization`, and 304 when the client's copy is current. It records what each request sent.
 */
function createOrigin(headers: Record<string, string> = {}) {
  const seen: { url: string; ifNoneMatch: string | null; authorization: string | null }[] = []
  let version = 1
  const fetch = async (input: RequestInfo | URL, init?: RequestInit) => {
    const request = new Request(input, init)
    const ifNoneMatch = request.headers.get('if-none-match')
    seen.push({ url: request.url, ifNoneMatch, authorization: request.headers.get('authorization') })
    const etag = `W/"v${version}"`
    const common = { etag, 'cache-control': 'private, no-cache', vary: 'Authorization', ...headers }
    if (ifNoneMatch === etag) return new Response(null, { status: 304, headers: common })
    return Response.json({ products: [{ name: `Tee v${version}` }] }, { headers: common })
  }
  return {
    fetch,
    seen,
    change() {
      version += 1
    },
  }
}

const get = (authorization = 'token-a') => ({ headers: { authorization, accept: 'application/json' } })

describe('createRevalidatingFetch', () => {
  it('revalidates a kept answer with If-None-Match and answers a 304 from the kept body', async () => {
    const origin = createOrigin()
    const cached = createRevalidatingFetch(origin.fetch, { prefixes: [host] })
    const first = await cached(`${host}/stores/v1/products/query-platformized?q=abc`, get())
    expect(await first.json()).toEqual({ products: [{ name: 'Tee v1' }] })
    const second = await cached(`${host}/stores/v1/products/query-platformized?q=abc`, get())
    expect(second.status).toBe(200)
    expect(second.headers.get('content-type')).toMatch(/json/)
    expect(await second.json()).toEqual({ products: [{ name: 'Tee v1' }] })
    expect(origin.seen.map((request) => request.ifNoneMatch)).toEqual([null, 'W/"v1"'])
  })

  it('gets the new answer once the catalogue changed', async () => {
    const origin = createOrigin()
    const cached = createRevalidatingFetch(origin.fetch, { prefixes: [host] })
    await cached(`${host}/stores/v2/collections/slug/tees`, get())
    origin.change()
    const changed = await cached(`${host}/stores/v2/collections/slug/tees`, get())
    expect(await changed.json()).toEqual({ products: [{ name: 'Tee v2' }] })
    const again = await cached(`${host}/stores/v2/collections/slug/tees`, get())
    expect(await again.json()).toEqual({ products: [{ name: 'Tee v2' }] })
    expect(origin.seen.map((request) => request.ifNoneMatch)).toEqual([null, 'W/"v1"', 'W/"v2"'])
  })

  it('keeps each visitor’s answers apart, by their Authorization', async () => {
    const origin = createOrigin()
    const cached = createRevalidatingFetch(origin.fetch, { prefixes: [host] })
    await cached(`${host}/stores/v1/products/p1`, get('token-a'))
    await cached(`${host}/stores/v1/products/p1`, get('token-b'))
    expect(origin.seen.map((request) => [request.authorization, request.ifNoneMatch])).toEqual([
      ['token-a', null],
      ['token-b', null],
    ])
    expect(cached.size).toBe(2)
  })

  it('keeps nothing of writes, other hosts, no-store answers or answers that vary on a cookie', async () => {
    for (const [headers, url, method] of [
      [{}, `${host}/stores/v1/products/p1`, 'POST'],
      [{}, 'http://api.test/ecom/v1/carts/current', 'GET'],
      [{ 'cache-control': 'private, no-store' }, `${host}/stores/v1/products/p1`, 'GET'],
      [{ vary: 'Authorization, Cookie' }, `${host}/stores/v1/products/p1`, 'GET'],
    ] as const) {
      const origin = createOrigin(headers)
      const cached = createRevalidatingFetch(origin.fetch, { prefixes: [host] })
      await cached(url, { ...get(), method })
      await cached(url, { ...get(), method })
      expect(origin.seen.map((request) => request.ifNoneMatch)).toEqual([null, null])
      expect(cached.size).toBe(0)
    }
  })

  it('stays within its byte budget, dropping the least recently used answer first', async () => {
    const origin = createOrigin()
    const answerBytes = (await (await origin.fetch(`${host}/x`, get())).arrayBuffer()).byteLength
    const cached = createRevalidatingFetch(origin.fetch, { prefixes: [host], maxBytes: answerBytes * 8 })
    for (let index = 0; index < 10; index += 1) await cached(`${host}/stores/v1/products/p${index}`, get())
    expect(cached.size).toBe(8)
    origin.seen.length = 0
    await cached(`${host}/stores/v1/products/p0`, get())
    await cached(`${host}/stores/v1/products/p9`, get())
    expect(origin.seen.map((request) => request.ifNoneMatch)).toEqual([null, 'W/"v1"'])
  })
})
