// The topology's nginx in front of a storefront (decision 088): the real nginx from Debian's package with the
// generated configuration, before a scripted storefront that counts what reaches it and answers as the real
// one does (public pages for everyone, private pages with a cookie). Run with `node --test scripts/topology/`.
import assert from 'node:assert/strict'
import { mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { createServer, get as httpGet } from 'node:http'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { after, before, describe, it } from 'node:test'
import { findFreePort } from '../free-port.mjs'
import { waitForHttp } from '../wait-for-http.mjs'
import { ensureNginx, startNginx } from './nginx.mjs'

const SHARED = 'public, max-age=0, s-maxage=60, stale-while-revalidate=300'

describe('the storefront behind nginx’s micro-cache', { timeout: 120_000 }, () => {
  /** How many requests reached the storefront, by path and query. */
  const reached = new Map()
  /** Answers the storefront holds back until the test lets them go, by path. */
  const held = new Map()
  let version = 1
  let storefront
  let nginx
  let dir
  let baseUrl

  before(async () => {
    await ensureNginx({ log: () => {} })
    storefront = createServer((request, response) => {
      const url = new URL(request.url, 'http://storefront')
      const key = `${url.pathname}${url.search}`
      reached.set(key, (reached.get(key) ?? 0) + 1)
      const cookie = request.headers.cookie ?? ''
      const answer = () => {
        if (url.pathname === '/private' || /aisle_(session|currency)=/.test(cookie)) {
          response.writeHead(200, { 'cache-control': 'private, no-cache', 'content-type': 'text/html' })
          response.end(`<a class="cart-link">Cart (3)</a> v${version}`)
        } else if (url.pathname === '/sets-cookie') {
          response.writeHead(200, {
            'cache-control': SHARED,
            'set-cookie': 'aisle_session=new; Path=/; HttpOnly',
          })
          response.end(`tokens v${version}`)
        } else if (url.pathname === '/missing') {
          response.writeHead(404, { 'cache-control': 'private, no-cache' })
          response.end('not found')
        } else {
          response.writeHead(200, { 'cache-control': SHARED, 'content-type': 'text/html' })
          response.end(`<a class="cart-link">Cart</a> ${key} v${version}`)
        }
      }
      const hold = held.get(url.pathname)
      if (hold) hold.then(answer)
      else answer()
    })
    await new Promise((done) => storefront.listen(0, '127.0.0.1', done))
    dir = mkdtempSync(join(tmpdir(), 'aisle-storefront-cache-'))
    const port = await findFreePort()
    nginx = startNginx({ dir, storefront: { port, upstreamPorts: [storefront.address().port] } })
    baseUrl = `http://127.0.0.1:${port}`
    const exited = new AbortController()
    nginx.service.exited.then(() => exited.abort())
    await waitForHttp(`${baseUrl}/ready`, { timeoutMs: 30_000, signal: exited.signal }).catch((error) => {
      throw new Error(`${error.message}\n${readFileSync(join(dir, 'error.log'), 'utf8')}`)
    })
  })

  after(async () => {
    nginx?.service.signal('SIGQUIT')
    await nginx?.service.exited
    await new Promise((done) => storefront?.close(done))
    if (dir) rmSync(dir, { recursive: true, force: true })
  })

  /**
   * One GET on a connection of its own, as another visitor's: nginx holds the connection whose request
   * started a background update until the update is done, so a reused one would wait for it.
   */
  function get(path, headers = {}) {
    return new Promise((resolve, reject) => {
      const request = httpGet(`${baseUrl}${path}`, { agent: false, headers }, (response) => {
        let text = ''
        response.setEncoding('utf8')
        response.on('data', (chunk) => {
          text += chunk
        })
        response.on('end', () => {
          const answerHeaders = new Headers()
          for (const [name, value] of Object.entries(response.headers))
            for (const one of [value].flat()) if (one !== undefined) answerHeaders.append(name, one)
          resolve({ status: response.statusCode, headers: answerHeaders, text })
        })
      })
      request.on('error', reject)
    })
  }

  it('keeps a page the storefront shares and answers it again without asking', async () => {
    const first = await get('/products/classic-tee')
    const second = await get('/products/classic-tee')
    assert.equal(first.status, 200)
    assert.equal(first.headers.get('x-cache-status'), 'MISS')
    assert.equal(second.headers.get('x-cache-status'), 'HIT')
    assert.equal(second.text, first.text)
    assert.equal(second.headers.get('cache-control'), SHARED)
    assert.equal(reached.get('/products/classic-tee'), 1)
  })

  it('keys on the whole URL: another query is another page', async () => {
    const tee = await get('/products?q=tee')
    const mug = await get('/products?q=mug')
    assert.match(tee.text, /q=tee/)
    assert.match(mug.text, /q=mug/)
    assert.equal(reached.get('/products?q=tee'), 1)
    assert.equal(reached.get('/products?q=mug'), 1)
  })

  it('asks the storefront once for a page many visitors want at the same moment', async () => {
    let release
    held.set('/collections/tees', new Promise((done) => (release = done)))
    const visits = Array.from({ length: 12 }, () => get('/collections/tees'))
    // The first request reaches the storefront; the others wait behind the cache lock.
    await waitFor(() => reached.get('/collections/tees') === 1)
    release()
    held.delete('/collections/tees')
    const answers = await Promise.all(visits)
    assert.ok(answers.every((answer) => answer.status === 200 && answer.text === answers[0].text))
    assert.equal(reached.get('/collections/tees'), 1)
  })

  it('answers an expired page at once while one request behind it asks the storefront again', async () => {
    await get('/')
    const kept = await get('/')
    assert.equal(kept.headers.get('x-cache-status'), 'HIT')
    version += 1
    let release
    held.set('/', new Promise((done) => (release = done)))
    try {
      // Once the page is older than its validity, the kept copy is answered while the storefront is held.
      const stale = await waitFor(async () => {
        const answer = await get('/')
        return ['STALE', 'UPDATING'].includes(answer.headers.get('x-cache-status') ?? '') && answer
      })
      assert.equal(stale.text, kept.text)
      // One update reaches the storefront behind it, however many visits come meanwhile.
      await waitFor(() => reached.get('/') === 2)
      for (let visit = 0; visit < 5; visit++) assert.equal((await get('/')).text, kept.text)
      assert.equal(reached.get('/'), 2)
    } finally {
      release()
      held.delete('/')
    }
    const fresh = await waitFor(async () => {
      const answer = await get('/')
      return answer.text.endsWith(`v${version}`) && answer
    })
    assert.equal(fresh.status, 200)
  })

  for (const cookie of [
    'aisle_session=abc',
    '__Host-aisle_session=abc',
    'theme=dark; aisle_currency=EUR',
    'other=1;aisle_session=abc',
  ]) {
    it(`takes a visit with the shop’s cookie (${cookie}) past the cache and keeps nothing of it`, async () => {
      const path = `/products/summit-henley?c=${encodeURIComponent(cookie)}`
      const shared = await get(path)
      assert.match(shared.text, /Cart</)
      const own = await get(path, { cookie })
      assert.equal(own.headers.get('x-cache-status'), 'BYPASS')
      assert.match(own.text, /Cart \(3\)/)
      assert.equal(own.headers.get('cache-control'), 'private, no-cache')
      // The visitor's page did not replace the shared one.
      const after = await get(path)
      assert.equal(after.headers.get('x-cache-status'), 'HIT')
      assert.equal(after.text, shared.text)
      assert.equal(reached.get(path), 2)
    })
  }

  it('serves a cookie that is not the shop’s from the cache', async () => {
    await get('/products/alpine-crewneck')
    const withOther = await get('/products/alpine-crewneck', { cookie: 'theme=dark; my_aisle_session=1' })
    assert.equal(withOther.headers.get('x-cache-status'), 'HIT')
  })

  it('never keeps a private page, a page that sets a cookie, or a failed one', async () => {
    for (const path of ['/private', '/sets-cookie', '/missing']) {
      const first = await get(path)
      const second = await get(path)
      assert.notEqual(second.headers.get('x-cache-status'), 'HIT', path)
      assert.equal(reached.get(path), 2, path)
      if (path === '/sets-cookie') assert.match(second.headers.get('set-cookie') ?? '', /aisle_session=new/)
      assert.equal(first.status, second.status)
    }
  })

  it('does not keep an answer to a form post', async () => {
    const posted = await fetch(`${baseUrl}/products/classic-tee?post=1`, { method: 'POST', body: 'a=1' })
    await posted.text()
    await get('/products/classic-tee?post=1')
    assert.equal(reached.get('/products/classic-tee?post=1'), 2)
  })
})

/** Polls `condition` until it returns something truthy (returned), for at most 20 s. */
async function waitFor(condition, timeoutMs = 20_000) {
  const deadline = Date.now() + timeoutMs
  for (;;) {
    const value = await condition()
    if (value) return value
    if (Date.now() > deadline) throw new Error(`gave up waiting for ${condition}`)
    await new Promise((done) => setTimeout(done, 50))
  }
}
