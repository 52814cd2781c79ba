import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Db } from '../db/db.ts'
import { DEMO_SITE_ID } from '../seed/demo-store.ts'
import { createApiKey } from '../sites/api-key-store.ts'
import { databaseKinds, openTestDatabase } from '../testing/test-database.ts'
import { createTestPlatform } from '../testing/test-platform.ts'
import { setLocalDevelopment } from './webhook-endpoint-store.ts'

describe.each(databaseKinds())('webhook endpoint routes on %s', (kind) => {
  let db: Db
  let platform: ReturnType<typeof createTestPlatform>
  let headers: Record<string, string>
  beforeAll(async () => {
    db = await openTestDatabase(kind)
    platform = createTestPlatform(db)
    const { key } = await createApiKey(
      db,
      { siteId: DEMO_SITE_ID, name: 'hooks', permissions: ['webhooks'] },
      new Date(),
    )
    headers = { authorization: key, 'aisle-site-id': DEMO_SITE_ID }
  })
  afterAll(() => db.close())

  const call = (method: string, path: string, body?: unknown) =>
    platform.call(method, path, { headers, body })
  const input = {
    url: 'https://hooks.example.com/aisle',
    eventTypes: ['cart.created'],
    description: 'orders app',
  }

  describe('POST /webhooks/v1/endpoints', () => {
    it('creates an endpoint and shows its secret once', async () => {
      const created = await call('POST', '/webhooks/v1/endpoints', input)
      expect(created.status).toBe(200)
      expect(created.json.secret).toMatch(/^whsec_/)
      expect(created.json.endpoint).toMatchObject({
        ...input,
        enabled: true,
        previousSecretExpiresDate: null,
      })
      const read = await call('GET', `/webhooks/v1/endpoints/${created.json.endpoint.id}`)
      expect(read.json.endpoint).toEqual(created.json.endpoint)
      expect(read.text).not.toContain(created.json.secret)
      const list = await call('GET', '/webhooks/v1/endpoints')
      expect(list.json.endpoints.map((e: { id: string }) => e.id)).toContain(created.json.endpoint.id)
      expect(list.text).not.toContain('whsec_')
    })

    it.each([
      ['http://hooks.example.com/aisle', 'url'],
      ['ftp://hooks.example.com/aisle', 'url'],
      ['https://user:pass@hooks.example.com/', 'url'],
      ['not a url', 'url'],
    ])('refuses the url %s', async (url, field) => {
      const response = await call('POST', '/webhooks/v1/endpoints', { ...input, url })
      expect(response.status).toBe(400)
      expect(response.json.details.validationError.fieldViolations[0].field).toBe(field)
    })

    it('refuses an IPv4-translated loopback address (::ffff:0:127.0.0.1) to a site not in local development mode', async () => {
      await setLocalDevelopment(db, DEMO_SITE_ID, false, platform.clock())
      try {
        for (const url of ['https://[::ffff:0:127.0.0.1]/', 'https://[::ffff:0:a00:1]/hooks']) {
          const response = await call('POST', '/webhooks/v1/endpoints', { ...input, url })
          expect(response.status).toBe(400)
          expect(response.json.details.validationError.fieldViolations[0].field).toBe('url')
        }
      } finally {
        await setLocalDevelopment(db, DEMO_SITE_ID, true, platform.clock())
      }
    })

    it('accepts http on a loopback host, for local receivers', async () => {
      for (const url of ['http://127.0.0.1:9999/hooks', 'http://localhost:9999/hooks']) {
        expect((await call('POST', '/webhooks/v1/endpoints', { ...input, url })).status).toBe(200)
      }
    })

    it('refuses unknown and missing event types', async () => {
      const unknown = await call('POST', '/webhooks/v1/endpoints', {
        ...input,
        eventTypes: ['cart.exploded'],
      })
      expect(unknown.status).toBe(400)
      expect(unknown.json.details.validationError.fieldViolations[0].field).toBe('eventTypes[0]')
      expect((await call('POST', '/webhooks/v1/endpoints', { ...input, eventTypes: [] })).status).toBe(400)
    })
  })

  describe('PATCH and DELETE /webhooks/v1/endpoints/:id', () => {
    it('changes the given fields and deletes the endpoint', async () => {
      const { json } = await call('POST', '/webhooks/v1/endpoints', input)
      const id = json.endpoint.id as string
      const patched = await call('PATCH', `/webhooks/v1/endpoints/${id}`, {
        eventTypes: ['cart.created', 'product.changed'],
        enabled: false,
      })
      expect(patched.json.endpoint).toMatchObject({
        url: input.url,
        eventTypes: ['cart.created', 'product.changed'],
        enabled: false,
      })
      expect((await call('DELETE', `/webhooks/v1/endpoints/${id}`)).status).toBe(200)
      const gone = await call('GET', `/webhooks/v1/endpoints/${id}`)
      expect(gone.status).toBe(404)
      expect(gone.json.details.applicationError.code).toBe('WEBHOOK_ENDPOINT_NOT_FOUND')
      expect((await call('DELETE', `/webhooks/v1/endpoints/${id}`)).status).toBe(404)
    })

    it('answers 404 for a delivery that does not exist', async () => {
      const response = await call(
        'POST',
        '/webhooks/v1/deliveries/00000000-0000-4000-8000-000000000000/replay',
        {},
      )
      expect(response.status).toBe(404)
      expect(response.json.details.applicationError.code).toBe('WEBHOOK_DELIVERY_NOT_FOUND')
    })
  })

  describe('permissions', () => {
    it('answers 403 to a shopper', async () => {
      const { access_token } = await platform.visitorTokens()
      const response = await platform.call('GET', '/webhooks/v1/endpoints', { token: access_token })
      expect(response.status).toBe(403)
    })

    it('answers 403 to an API key without the webhooks permission', async () => {
      const { key } = await createApiKey(
        db,
        { siteId: DEMO_SITE_ID, name: 'catalogue only', permissions: ['catalogue'] },
        new Date(),
      )
      const response = await platform.call('POST', '/webhooks/v1/endpoints', {
        headers: { authorization: key, 'aisle-site-id': DEMO_SITE_ID },
        body: input,
      })
      expect(response.status).toBe(403)
      expect(response.json.details.applicationError.data).toEqual({ permission: 'webhooks' })
    })

    it('answers 401 without a credential', async () => {
      expect((await platform.call('GET', '/webhooks/v1/endpoints')).status).toBe(401)
    })
  })
})
