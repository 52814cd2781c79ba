// The topology's nginx keeps the platform's content-hashed files (decision 103): the real nginx from Debian's
// package with the generated configuration, before a scripted platform process that counts what reaches it
// and answers the style sheet as the platform does (immutable, an ETag per encoding, gzip to a client that
// accepts it). Run with `node --test scripts/topology/platform-asset-cache.test.mjs`.
import assert from 'node:assert/strict'
import { mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { createServer, request as httpRequest } from 'node:http'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { after, before, describe, it } from 'node:test'
import { gunzipSync, gzipSync } from 'node:zlib'
import { findFreePort } from '../free-port.mjs'
import { waitForHttp } from '../wait-for-http.mjs'
import { ensureNginx, PLATFORM_ASSETS_PREFIX, startNginx } from './nginx.mjs'

const IMMUTABLE = 'public, max-age=31536000, immutable'
const SHEET = `${PLATFORM_ASSETS_PREFIX}hosted-0123456789abcdef.css`
const CSS = `body { margin: 0; }\n${'.rule { color: #123456; }\n'.repeat(200)}`

describe('the platform’s content-hashed files behind nginx’s cache', { timeout: 120_000 }, () => {
  /** The requests that reached the platform, as `path encoding` (the encoding it was asked for). */
  const reached = []
  let platform
  let nginx
  let dir
  let mainUrl
  let readOnlyUrl

  before(async () => {
    await ensureNginx({ log: () => {} })
    platform = createServer((request, response) => {
      const encoding = request.headers['accept-encoding'] ?? ''
      reached.push(`${request.method} ${request.url} ${encoding}`)
      if (request.url !== SHEET) {
        response.writeHead(404, { 'content-type': 'application/json' })
        return response.end('{"message":"not found"}')
      }
      const isGzip = /\bgzip\b/.test(encoding)
      const etag = isGzip ? '"0123456789abcdef-gzip"' : '"0123456789abcdef"'
      const headers = { 'cache-control': IMMUTABLE, etag, vary: 'accept-encoding' }
      if (request.headers['if-none-match'] === etag) {
        response.writeHead(304, headers)
        return response.end()
      }
      const bytes = isGzip ? gzipSync(CSS) : Buffer.from(CSS)
      response.writeHead(200, {
        ...headers,
        'content-type': 'text/css; charset=utf-8',
        'content-length': bytes.length,
        ...(isGzip ? { 'content-encoding': 'gzip' } : {}),
      })
      response.end(bytes)
    })
    await new Promise((done) => platform.listen(0, '127.0.0.1', done))
    dir = mkdtempSync(join(tmpdir(), 'aisle-asset-cache-'))
    const [mainPort, readOnlyPort] = [await findFreePort(), await findFreePort()]
    nginx = startNginx({ dir, mainPort, readOnlyPort, upstreamPorts: [platform.address().port] })
    mainUrl = `http://127.0.0.1:${mainPort}`
    readOnlyUrl = `http://127.0.0.1:${readOnlyPort}`
    const exited = new AbortController()
    nginx.service.exited.then(() => exited.abort())
    await waitForHttp(`${mainUrl}/ready`, { timeoutMs: 30_000, signal: exited.signal }).catch((error) => {
      throw new Error(`${error.message}\n${readFileSync(join(dir, 'error.log'), 'utf8')}`)
    })
    reached.length = 0
  })

  after(async () => {
    nginx?.service.signal('SIGQUIT')
    await nginx?.service.exited
    await new Promise((done) => platform?.close(done))
    if (dir) rmSync(dir, { recursive: true, force: true })
  })

  /** One request on a connection of its own; the body as bytes, never decoded. */
  function send(baseUrl, path, { method = 'GET', headers = {} } = {}) {
    return new Promise((resolve, reject) => {
      const request = httpRequest(`${baseUrl}${path}`, { method, agent: false, headers }, (response) => {
        const chunks = []
        response.on('data', (chunk) => chunks.push(chunk))
        response.on('end', () =>
          resolve({ status: response.statusCode, headers: response.headers, body: Buffer.concat(chunks) }),
        )
      })
      request.on('error', reject)
      request.end()
    })
  }

  const reachedSheet = () => reached.filter((line) => line.startsWith(`GET ${SHEET} `))

  it('asks the platform once per encoding and answers every later visitor from the cache', async () => {
    const first = await send(mainUrl, SHEET, { headers: { 'accept-encoding': 'gzip, deflate, br' } })
    assert.equal(first.status, 200)
    assert.equal(first.headers['x-cache-status'], 'MISS')
    assert.equal(first.headers['content-encoding'], 'gzip')
    assert.equal(first.headers['cache-control'], IMMUTABLE)
    assert.equal(first.headers.vary, 'accept-encoding')
    assert.equal(gunzipSync(first.body).toString(), CSS)
    // Another spelling of "accepts gzip", on either host: the same kept copy.
    for (const [baseUrl, accept] of [
      [mainUrl, 'gzip'],
      [readOnlyUrl, 'br;q=1.0, gzip;q=0.8'],
    ]) {
      const again = await send(baseUrl, SHEET, { headers: { 'accept-encoding': accept } })
      assert.equal(again.headers['x-cache-status'], 'HIT', `${baseUrl} ${accept}`)
      assert.equal(again.headers['content-encoding'], 'gzip')
      assert.deepEqual(again.body, first.body)
    }
    // A client without gzip gets the plain copy, asked for once, whatever it accepts instead.
    for (const accept of [undefined, 'br', 'gzip;q=0, identity']) {
      const plain = await send(mainUrl, SHEET, { headers: accept ? { 'accept-encoding': accept } : {} })
      assert.equal(plain.status, 200)
      assert.equal(plain.headers['content-encoding'], undefined, String(accept))
      assert.equal(plain.body.toString(), CSS)
    }
    assert.deepEqual(reachedSheet(), [`GET ${SHEET} gzip`, `GET ${SHEET} `])
  })

  it('answers a client that has the file 304 from the cache', async () => {
    await send(mainUrl, SHEET, { headers: { 'accept-encoding': 'gzip' } })
    const before = reachedSheet().length
    const revalidated = await send(mainUrl, SHEET, {
      headers: { 'accept-encoding': 'gzip', 'if-none-match': '"0123456789abcdef-gzip"' },
    })
    assert.equal(revalidated.status, 304)
    assert.equal(revalidated.body.length, 0)
    assert.equal(reachedSheet().length, before)
  })

  it('keeps no 404 of an address that is not a file', async () => {
    const path = `${PLATFORM_ASSETS_PREFIX}hosted-ffffffffffffffff.css`
    for (let index = 0; index < 2; index++) assert.equal((await send(mainUrl, path)).status, 404)
    assert.equal(reached.filter((line) => line.startsWith(`GET ${path} `)).length, 2)
  })

  it('keeps nothing else the platform answers, and the read-only host still refuses writes there', async () => {
    for (let index = 0; index < 2; index++) await send(mainUrl, '/ecom/v1/carts/current')
    assert.equal(reached.filter((line) => line.startsWith('GET /ecom/v1/carts/current ')).length, 2)
    const write = await send(readOnlyUrl, SHEET, { method: 'POST' })
    assert.equal(write.status, 405)
    assert.equal(write.headers.allow, 'GET, HEAD, OPTIONS')
  })
})
