import { randomUUID } from 'node:crypto'
import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Db } from '../../db/db.ts'
import { recordEvent } from '../../events/event-outbox.ts'
import { silentLogger } from '../../log.ts'
import { DEMO_SITE_ID } from '../../seed/demo-store.ts'
import { createApiKey } from '../../sites/api-key-store.ts'
import { createDashboardPlatform, createTestBrowser } from '../../testing/dashboard-browser.ts'
import { databaseKinds, openTestDatabase } from '../../testing/test-database.ts'
import { createTestDeliveryWorker } from '../../testing/test-delivery-worker.ts'
import { createTestPlatform } from '../../testing/test-platform.ts'
import { MAX_ATTEMPTS } from '../../webhooks/delivery-worker.ts'
import { signWebhook } from '../../webhooks/sign-webhook.ts'
import { timeText } from '../kit/dashboard-words.ts'

interface Received {
  path: string
  headers: Record<string, string>
  body: string
}

/** A real receiver on 127.0.0.1 that keeps every request and answers with the status it is told. */
async function startReceiver() {
  const received: Received[] = []
  const answer = { status: 200 }
  const server: Server = createServer((request, response) => {
    const chunks: Buffer[] = []
    request.on('data', (chunk: Buffer) => chunks.push(chunk))
    request.on('end', () => {
      const headers: Record<string, string> = {}
      for (const [name, value] of Object.entries(request.headers))
        if (typeof value === 'string') headers[name] = value
      received.push({ path: request.url ?? '', headers, body: Buffer.concat(chunks).toString('utf8') })
      response
        .writeHead(answer.status, { 'content-type': 'text/plain' })
        .end(`answer ${answer.status} ${'x'.repeat(300)}`)
    })
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as AddressInfo
  return {
    url: (path: string) => `http://127.0.0.1:${port}/${path}`,
    received,
    answer,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections()
        server.close(() => resolve())
      }),
  }
}

/** Text as React writes it into a page. */
const escapeHtml = (text: string) =>
  text
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&#x27;')

describe.each(databaseKinds())('dashboard webhooks on %s', (kind) => {
  let db: Db
  let dashboard: Awaited<ReturnType<typeof createDashboardPlatform>>
  let platform: ReturnType<typeof createTestPlatform>
  let browser: ReturnType<typeof createTestBrowser>
  let receiver: Awaited<ReturnType<typeof startReceiver>>
  let worker: ReturnType<typeof createTestDeliveryWorker>
  let merchant: Record<string, string>
  beforeAll(async () => {
    db = await openTestDatabase(kind)
    dashboard = await createDashboardPlatform(db)
    platform = createTestPlatform(db)
    browser = createTestBrowser(dashboard.app)
    await browser.signIn()
    receiver = await startReceiver()
    worker = createTestDeliveryWorker({
      db,
      clock: dashboard.clock,
      fetch,
      logger: silentLogger,
      random: () => 0.5,
      timeoutMs: 5_000,
    })
    const { key } = await createApiKey(
      db,
      { siteId: DEMO_SITE_ID, name: 'hooks', permissions: ['webhooks'] },
      new Date(),
    )
    merchant = { authorization: key, 'aisle-site-id': DEMO_SITE_ID }
  })
  afterAll(async () => {
    await receiver.close()
    await db.close()
  })

  const api = (method: string, path: string, body?: unknown) =>
    platform.call(method, path, { headers: merchant, body })
  const endpoints = async () =>
    (await api('GET', '/webhooks/v1/endpoints')).json.endpoints as {
      id: string
      url: string
      enabled: boolean
    }[]

  /** Creates an endpoint through the dashboard's form; answers its id, its secret and the page. */
  async function createEndpoint(path: string, eventTypes: string[]) {
    await browser.get('/dashboard/webhooks')
    const page = await browser.submit('/dashboard/webhooks', {
      url: receiver.url(path),
      description: `receiver ${path}`,
      eventTypes,
    })
    expect(page.status).toBe(200)
    const secret = /id="new-webhook-secret"[^>]*value="(whsec_[^"]+)"/.exec(page.text)?.[1]
    const endpoint = (await endpoints()).find((e) => e.url === receiver.url(path))!
    return { id: endpoint.id, secret: secret!, page }
  }

  async function recordProductChange(entityId = randomUUID()) {
    await recordEvent(
      db,
      {
        siteId: DEMO_SITE_ID,
        type: 'product.changed',
        entityId,
        payload: { name: 'Tee "Nord" <b>&</b> Öl', price: 12.5 },
        identity: { identityType: 'APP', appId: 'inventory-sync' },
      },
      dashboard.clock(),
    )
    return entityId
  }

  const attemptsOf = async (endpointId: string) =>
    (
      await db.query<{ n: number }>(
        `select count(*)::int as n from webhook_delivery_attempts a join webhook_deliveries d on d.id = a.delivery_id
          where d.endpoint_id = $1`,
        [endpointId],
      )
    )[0]!.n

  /** Runs `fn` with the demo site out of local development mode, as a shop in production is. */
  async function inProduction<T>(fn: () => Promise<T>): Promise<T> {
    await db.query('update sites set local_development = false where id = $1', [DEMO_SITE_ID])
    try {
      return await fn()
    } finally {
      await db.query('update sites set local_development = true where id = $1', [DEMO_SITE_ID])
    }
  }

  describe('GET /dashboard/webhooks', () => {
    it('lists the endpoints for the owner and sends a visitor without a session to sign in', async () => {
      const page = await browser.get('/dashboard/webhooks')
      expect(page.status).toBe(200)
      expect(page.text).toContain('New endpoint')
      expect(page.text).toContain('value="redirect_session.created"')
      for (const path of ['/dashboard/webhooks', '/dashboard/webhooks/inspector']) {
        const anonymous = await createTestBrowser(dashboard.app).get(path)
        expect(anonymous.status).toBe(303)
        expect(anonymous.location).toMatch(/^\/dashboard\/login\?next=/)
      }
    })
  })

  describe('POST /dashboard/webhooks', () => {
    it('creates an endpoint, shows its secret once, and the API lists it', async () => {
      const { id, secret, page } = await createEndpoint('created', ['cart.created', 'product.changed'])
      expect(secret).toMatch(/^whsec_/)
      expect(page.text).toContain('it is shown only this once')
      const read = await api('GET', `/webhooks/v1/endpoints/${id}`)
      expect(read.json.endpoint).toMatchObject({
        url: receiver.url('created'),
        eventTypes: ['cart.created', 'product.changed'],
        description: 'receiver created',
        enabled: true,
      })
      const again = await browser.get('/dashboard/webhooks')
      expect(again.text).toContain(receiver.url('created'))
      expect(again.text).not.toContain(secret)
    })

    it.each([
      ['https://10.0.0.5/hooks', 'private network'],
      ['https://169.254.169.254/latest', 'cloud metadata'],
      ['http://hooks.example.com/aisle', 'plain http to a public host'],
      ['https://user:pass@hooks.example.com/', 'credentials'],
    ])('refuses %s (%s) beside the URL field, as the API does, and creates nothing', async (url) =>
      inProduction(async () => {
        const before = await endpoints()
        await browser.get('/dashboard/webhooks')
        const refused = await browser.submit('/dashboard/webhooks', { url, eventTypes: ['cart.created'] })
        expect(refused.status).toBe(400)
        expect(refused.text).toMatch(/id="field-url-error">must be an https URL of a public host/)
        expect(refused.text).toContain(`value="${escapeHtml(url)}"`)
        expect(
          (await api('POST', '/webhooks/v1/endpoints', { url, eventTypes: ['cart.created'] })).status,
        ).toBe(400)
        expect(await endpoints()).toEqual(before)
      }),
    )

    it('needs an event type, and refuses posts without the session’s token', async () => {
      const before = await endpoints()
      await browser.get('/dashboard/webhooks')
      const refused = await browser.submit('/dashboard/webhooks', {
        url: 'https://hooks.example.com/a',
        eventTypes: [],
      })
      expect(refused.status).toBe(400)
      expect(refused.text).toContain('Event types')
      const fields = { url: 'https://hooks.example.com/a', eventTypes: ['cart.created'] }
      expect((await browser.post('/dashboard/webhooks', { ...fields, csrf: '' })).status).toBe(403)
      expect((await browser.post('/dashboard/webhooks', { ...fields, csrf: 'x'.repeat(43) })).status).toBe(
        403,
      )
      expect((await createTestBrowser(dashboard.app).post('/dashboard/webhooks', fields)).status).toBe(303)
      expect(await endpoints()).toEqual(before)
    })
  })

  describe('local development mode', () => {
    it('the owner turns it off, which disables the endpoints on this machine until they move to a public URL, and on again', async () => {
      const { id } = await createEndpoint('local-mode', ['cart.created'])
      const list = await browser.get('/dashboard/webhooks')
      expect(list.text).toContain('On: endpoints may be on this machine')
      const off = await browser.submit('/dashboard/webhooks/local-development', {})
      expect(off.location).toBe('/dashboard/webhooks?notice=local-development-off-disabled')
      try {
        expect((await api('GET', `/webhooks/v1/endpoints/${id}`)).json.endpoint.enabled).toBe(false)
        expect((await browser.get(off.location!)).text).toContain(
          'Endpoints on local addresses were disabled',
        )
        expect((await api('PATCH', `/webhooks/v1/endpoints/${id}`, { enabled: true })).status).toBe(400)
        await browser.get(`/dashboard/webhooks/${id}`)
        const refused = await browser.post(`/dashboard/webhooks/${id}/enabled`, { enabled: 'true' })
        expect(refused.status).toBe(400)
        expect(refused.text).toMatch(/must be an https URL of a public host/)
        expect((await api('GET', `/webhooks/v1/endpoints/${id}`)).json.endpoint.enabled).toBe(false)
        expect(
          (
            await api('POST', '/webhooks/v1/endpoints', {
              url: receiver.url('x'),
              eventTypes: ['cart.created'],
            })
          ).status,
        ).toBe(400)
      } finally {
        await browser.get('/dashboard/webhooks')
        const on = await browser.submit('/dashboard/webhooks/local-development', {})
        expect(on.location).toBe('/dashboard/webhooks?notice=local-development-on')
      }
      expect((await api('PATCH', `/webhooks/v1/endpoints/${id}`, { enabled: true })).status).toBe(200)
      expect((await browser.post('/dashboard/webhooks/local-development', { mode: 'maybe' })).status).toBe(
        400,
      )
      expect(
        (await browser.post('/dashboard/webhooks/local-development', { mode: 'off', csrf: '' })).status,
      ).toBe(403)
      expect((await browser.get('/dashboard/webhooks')).text).toContain(
        'On: endpoints may be on this machine',
      )
    })

    it('is not offered, and local receivers are refused, on a platform that does not allow it', async () => {
      const shared = await createDashboardPlatform(db, { localDevelopmentSites: false })
      const owner = createTestBrowser(shared.app)
      await owner.signIn()
      const list = await owner.get('/dashboard/webhooks')
      expect(list.status).toBe(200)
      expect(list.text).not.toContain('Local development')
      expect((await owner.post('/dashboard/webhooks/local-development', { mode: 'on' })).status).toBe(403)
      await owner.get('/dashboard/webhooks')
      const refused = await owner.submit('/dashboard/webhooks', {
        url: receiver.url('shared'),
        eventTypes: ['cart.created'],
      })
      expect(refused.status).toBe(400)
      expect(refused.text).toMatch(/id="field-url-error">must be an https URL of a public host/)
      expect((await endpoints()).some((endpoint) => endpoint.url === receiver.url('shared'))).toBe(false)
    })
  })

  describe('an endpoint’s page', () => {
    it('edits the endpoint, disables and enables it, and deletes it; the API sees each change', async () => {
      const { id } = await createEndpoint('edited', ['cart.created'])
      const path = `/dashboard/webhooks/${id}`
      await browser.get(path)
      const refused = await inProduction(() => browser.submit(path, { url: 'https://192.168.1.2/x' }))
      expect(refused.status).toBe(400)
      expect(refused.text).toMatch(/id="field-url-error">/)
      expect((await api('GET', `/webhooks/v1/endpoints/${id}`)).json.endpoint.url).toBe(
        receiver.url('edited'),
      )
      await browser.get(path)
      const saved = await browser.submit(path, {
        description: 'orders app',
        eventTypes: ['cart.updated', 'cart.deleted'],
      })
      expect(saved.location).toBe(`${path}?notice=saved`)
      expect((await api('GET', `/webhooks/v1/endpoints/${id}`)).json.endpoint).toMatchObject({
        description: 'orders app',
        eventTypes: ['cart.updated', 'cart.deleted'],
      })
      await browser.get(path)
      expect((await browser.post(`${path}/enabled`, { enabled: 'false' })).location).toBe(
        `${path}?notice=endpoint-disabled`,
      )
      expect((await api('GET', `/webhooks/v1/endpoints/${id}`)).json.endpoint.enabled).toBe(false)
      expect((await browser.get(path)).text).toContain('Disabled: deliveries wait')
      await browser.post(`${path}/enabled`, { enabled: 'true' })
      expect((await api('GET', `/webhooks/v1/endpoints/${id}`)).json.endpoint.enabled).toBe(true)
      expect((await browser.post(`${path}/enabled`, { enabled: 'maybe' })).status).toBe(400)
      expect((await browser.post(`${path}/delete`, { csrf: '' })).status).toBe(403)
      const deleted = await browser.post(`${path}/delete`)
      expect(deleted.location).toBe('/dashboard/webhooks?notice=endpoint-deleted')
      expect((await api('GET', `/webhooks/v1/endpoints/${id}`)).status).toBe(404)
      expect((await browser.get(path)).status).toBe(404)
    })

    it('rotates the secret, shows the new one once, and the next delivery carries both signatures', async () => {
      const { id, secret } = await createEndpoint('rotated', ['product.changed'])
      await browser.get(`/dashboard/webhooks/${id}`)
      const rotated = await browser.post(`/dashboard/webhooks/${id}/rotate-secret`)
      expect(rotated.status).toBe(200)
      const newSecret = /id="new-webhook-secret"[^>]*value="(whsec_[^"]+)"/.exec(rotated.text)![1]!
      expect(newSecret).not.toBe(secret)
      expect(
        (await api('GET', `/webhooks/v1/endpoints/${id}`)).json.endpoint.previousSecretExpiresDate,
      ).not.toBeNull()
      expect((await browser.get(`/dashboard/webhooks/${id}`)).text).not.toContain(newSecret)
      await recordProductChange()
      await worker.runOnce()
      const sent = receiver.received.filter((request) => request.path === '/rotated').at(-1)!
      const { 'webhook-id': eventId, 'webhook-timestamp': timestamp } = sent.headers
      expect(sent.headers['webhook-signature']).toBe(
        [newSecret, secret].map((s) => signWebhook(s, eventId!, Number(timestamp), sent.body)).join(' '),
      )
      const inspector = await browser.get(`/dashboard/webhooks/inspector?endpoint=${id}`)
      expect(inspector.text).toContain(escapeHtml(`webhook-signature: ${sent.headers['webhook-signature']}`))
      await browser.post(`/dashboard/webhooks/${id}/delete`)
    })

    it('answers 404 for another site’s endpoint and changes nothing of it', async () => {
      await db.query(
        "insert into sites (id, name) values ('00000000-0000-4000-8000-0000000000d1', 'Other') on conflict do nothing",
      )
      await db.query(
        `insert into webhook_endpoints (id, site_id, url, event_types, secret, cursor_transaction_id, created_date, updated_date)
         values ('00000000-0000-4000-8000-0000000000d2', '00000000-0000-4000-8000-0000000000d1', 'https://theirs.example.com/',
                 '{cart.created}', 'whsec_AAAA', pg_current_xact_id(), now(), now())`,
      )
      const theirs = '/dashboard/webhooks/00000000-0000-4000-8000-0000000000d2'
      expect((await browser.get(theirs)).status).toBe(404)
      await browser.get('/dashboard/webhooks')
      for (const action of ['/delete', '/rotate-secret', '/replay-dead'])
        expect((await browser.post(`${theirs}${action}`)).status).toBe(404)
      expect((await browser.post(`${theirs}/enabled`, { enabled: 'false' })).status).toBe(404)
      const [row] = await db.query<{ is_enabled: boolean; secret: string }>(
        "select is_enabled, secret from webhook_endpoints where id = '00000000-0000-4000-8000-0000000000d2'",
      )
      expect(row).toEqual({ is_enabled: true, secret: 'whsec_AAAA' })
    })
  })

  describe('delivery log, replay and the inspector', () => {
    it('logs a failed attempt with its answer and next time; a replay makes a new attempt that succeeds', async () => {
      const { id } = await createEndpoint('log', ['product.changed'])
      await recordProductChange()
      receiver.answer.status = 500
      await worker.runOnce()
      receiver.answer.status = 200
      expect(await attemptsOf(id)).toBe(1)
      const log = await browser.get(`/dashboard/webhooks/${id}`)
      expect(log.text).toMatch(/product\.changed/)
      expect(log.text).toContain('>Pending</span>')
      expect(log.text).toMatch(/>500 <span class="hint">answer 500 x{100,}…<\/span>/)
      // The demo shop's times are New York's (decision 095).
      const next = timeText(new Date(dashboard.clock().getTime() + 30_000), {
        seconds: true,
        timeZone: 'America/New_York',
      })
      expect(next).toMatch(/:30 EDT$/)
      expect(log.text).toContain(next)
      const [delivery] = (await api('GET', `/webhooks/v1/endpoints/${id}/deliveries`)).json.deliveries
      const replayPath = `/dashboard/webhooks/deliveries/${delivery.id}/replay`
      expect((await browser.post(replayPath, { csrf: '' })).status).toBe(403)
      expect(await attemptsOf(id)).toBe(1)
      const replayed = await browser.post(replayPath)
      expect(replayed.location).toBe(`/dashboard/webhooks/deliveries/${delivery.id}?notice=delivery-replayed`)
      await worker.runOnce()
      expect(await attemptsOf(id)).toBe(2)
      const detail = await browser.get(replayed.location!)
      expect(detail.text).toContain('>Delivered</span>')
      expect(detail.text).toContain('Answered 200')
      expect(detail.text).toContain('Answered 500')
      const read = await api('GET', `/webhooks/v1/deliveries/${delivery.id}`)
      expect(read.json.delivery.status).toBe('DELIVERED')
      expect(read.json.attempts).toHaveLength(2)
      await browser.post(`/dashboard/webhooks/${id}/enabled`, { enabled: 'false' })
    })

    it('shows in the inspector exactly the headers and body the receiver got', async () => {
      const { id } = await createEndpoint('inspected', ['product.changed'])
      await recordProductChange()
      await worker.runOnce()
      const sent = receiver.received.filter((request) => request.path === '/inspected').at(-1)!
      const inspector = await browser.get(`/dashboard/webhooks/inspector?endpoint=${id}`)
      expect(inspector.status).toBe(200)
      for (const name of [
        'webhook-id',
        'webhook-timestamp',
        'webhook-signature',
        'content-type',
        'user-agent',
      ])
        expect(inspector.text).toContain(escapeHtml(`${name}: ${sent.headers[name]}`))
      expect(inspector.text).toContain(escapeHtml(`POST ${receiver.url('inspected')}`))
      const body = /<textarea[^>]*aria-label="Request body"[^>]*>([^<]*)<\/textarea>/.exec(
        inspector.text,
      )?.[1]
      expect(body).toBe(escapeHtml(sent.body))
      expect(sent.body).toContain('Tee \\"Nord\\" <b>&</b> Öl')
      expect(inspector.text).not.toMatch(/whsec_/)
      // Nothing changed since the attempt: no caveat that the shown request may differ from the sent one.
      expect(inspector.text).not.toContain('class="warning"')
      await browser.post(`/dashboard/webhooks/${id}/enabled`, { enabled: 'false' })
    })

    it('shows an attempt from before a rotation with the signature it had then, and says why it may differ', async () => {
      const { id } = await createEndpoint('before-rotation', ['product.changed'])
      await recordProductChange()
      await worker.runOnce()
      const sent = receiver.received.filter((request) => request.path === '/before-rotation').at(-1)!
      dashboard.clock.advance(60)
      await browser.get(`/dashboard/webhooks/${id}`)
      await browser.post(`/dashboard/webhooks/${id}/rotate-secret`)
      const inspector = await browser.get(`/dashboard/webhooks/inspector?endpoint=${id}`)
      expect(inspector.text).toContain(escapeHtml(`webhook-signature: ${sent.headers['webhook-signature']}`))
      expect(inspector.text).toMatch(/class="warning">Sent before the secret’s last rotation/)
      await browser.post(`/dashboard/webhooks/${id}/enabled`, { enabled: 'false' })
    })

    it('lets a dead delivery be replayed from the endpoint’s page', async () => {
      const { id } = await createEndpoint('dead', ['product.changed'])
      await recordProductChange()
      receiver.answer.status = 503
      for (let attempt = 0; attempt < MAX_ATTEMPTS; attempt++) {
        await worker.runOnce()
        dashboard.clock.advance(13 * 3_600)
      }
      receiver.answer.status = 200
      // Days went by: the owner's session has ended.
      await browser.signIn()
      const dead = await browser.get(`/dashboard/webhooks/${id}?status=DEAD`)
      expect(dead.text).toContain('>Dead</span>')
      expect(await attemptsOf(id)).toBe(MAX_ATTEMPTS)
      const replayed = await browser.post(`/dashboard/webhooks/${id}/replay-dead`)
      expect(replayed.location).toBe(`/dashboard/webhooks/${id}?notice=dead-replayed`)
      await worker.runOnce()
      expect(await attemptsOf(id)).toBe(MAX_ATTEMPTS + 1)
      const [delivery] = (await api('GET', `/webhooks/v1/endpoints/${id}/deliveries`)).json.deliveries
      expect(delivery.status).toBe('DELIVERED')
      expect((await browser.get(`/dashboard/webhooks/${id}?status=DEAD`)).text).toContain(
        'No deliveries yet.',
      )
    })
  })
})
