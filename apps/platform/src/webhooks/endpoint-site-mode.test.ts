import { randomUUID } from 'node:crypto'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Db } from '../db/db.ts'
import { ValidationError } from '../http/errors.ts'
import { DEMO_SITE_ID } from '../seed/demo-store.ts'
import { databaseKinds, openTestDatabase } from '../testing/test-database.ts'
import {
  createWebhookEndpoint,
  readLocalDevelopment,
  setLocalDevelopment,
  updateWebhookEndpoint,
} from './webhook-endpoint-store.ts'

const now = new Date('2026-06-01T12:00:00Z')
const input = (url: string) => ({ url, eventTypes: ['cart.created' as const], description: '' })
/** A platform that lets owners use local development mode (the default off production). */
const allowing = { localDevelopmentSites: true }
/** A shared platform (`LOCAL_DEVELOPMENT_SITES=off`): no site may use a local address. */
const refusing = { localDevelopmentSites: false }

describe.each(databaseKinds())('webhook endpoints and the site’s development mode on %s', (kind) => {
  let db: Db
  let productionSite: string
  beforeAll(async () => {
    db = await openTestDatabase(kind)
    productionSite = randomUUID()
    await db.query("insert into sites (id, name) values ($1, 'A shop in production')", [productionSite])
  })
  afterAll(() => db.close())

  it('refuses loopback and private receivers for a site not in local development mode', async () => {
    for (const url of [
      'http://127.0.0.1:9999/hooks',
      'https://10.0.0.5/hooks',
      'http://hooks.example.com/',
    ]) {
      await expect(
        createWebhookEndpoint(db, productionSite, input(url), now, allowing),
      ).rejects.toBeInstanceOf(ValidationError)
    }
    const { count } = (
      await db.query<{ count: number }>(
        'select count(*)::int as count from webhook_endpoints where site_id = $1',
        [productionSite],
      )
    )[0]!
    expect(count).toBe(0)
  })

  it('takes public https receivers on any site, and refuses moving one to a loopback address', async () => {
    const { endpoint } = await createWebhookEndpoint(
      db,
      productionSite,
      input('https://hooks.example.com/a'),
      now,
      allowing,
    )
    await expect(
      updateWebhookEndpoint(
        db,
        productionSite,
        endpoint.id,
        { url: 'http://localhost:8080/' },
        now,
        allowing,
      ),
    ).rejects.toBeInstanceOf(ValidationError)
    const row = await db.query<{ url: string }>('select url from webhook_endpoints where id = $1', [
      endpoint.id,
    ])
    expect(row[0]?.url).toBe('https://hooks.example.com/a')
  })

  it('lets the demo site, which is in local development mode, use a receiver on this machine', async () => {
    const { endpoint } = await createWebhookEndpoint(
      db,
      DEMO_SITE_ID,
      input('http://127.0.0.1:9999/hooks'),
      now,
      allowing,
    )
    expect(endpoint.url).toBe('http://127.0.0.1:9999/hooks')
  })

  it('refuses a receiver on this machine even to a site in local development mode when the platform does not allow the mode', async () => {
    const site = randomUUID()
    await db.query("insert into sites (id, name, local_development) values ($1, 'Dev shop', true)", [site])
    await expect(
      createWebhookEndpoint(db, site, input('http://127.0.0.1:9999/hooks'), now, refusing),
    ).rejects.toBeInstanceOf(ValidationError)
    const { endpoint } = await createWebhookEndpoint(
      db,
      site,
      input('https://hooks.example.com/'),
      now,
      refusing,
    )
    await expect(
      updateWebhookEndpoint(db, site, endpoint.id, { url: 'http://127.0.0.1:9999/' }, now, refusing),
    ).rejects.toBeInstanceOf(ValidationError)
  })

  it('turning local development mode off disables the local endpoints only, and they cannot be enabled again on a local address', async () => {
    const site = randomUUID()
    await db.query("insert into sites (id, name) values ($1, 'Shop going live')", [site])
    expect(await readLocalDevelopment(db, site)).toBe(false)
    expect(await setLocalDevelopment(db, site, true, now)).toEqual({ disabledEndpoints: 0 })
    expect(await readLocalDevelopment(db, site)).toBe(true)
    const local = await createWebhookEndpoint(db, site, input('http://127.0.0.1:9999/a'), now, allowing)
    const lan = await createWebhookEndpoint(db, site, input('http://192.168.1.20/b'), now, allowing)
    const publicOne = await createWebhookEndpoint(
      db,
      site,
      input('https://hooks.example.com/c'),
      now,
      allowing,
    )

    expect(await setLocalDevelopment(db, site, false, now)).toEqual({ disabledEndpoints: 2 })
    const states = await db.query<{ id: string; is_enabled: boolean }>(
      'select id, is_enabled from webhook_endpoints where site_id = $1',
      [site],
    )
    expect(Object.fromEntries(states.map((row) => [row.id, row.is_enabled]))).toEqual({
      [local.endpoint.id]: false,
      [lan.endpoint.id]: false,
      [publicOne.endpoint.id]: true,
    })
    await expect(
      updateWebhookEndpoint(db, site, local.endpoint.id, { isEnabled: true }, now, allowing),
    ).rejects.toBeInstanceOf(ValidationError)
    const moved = await updateWebhookEndpoint(
      db,
      site,
      local.endpoint.id,
      { url: 'https://hooks.example.com/a', isEnabled: true },
      now,
      allowing,
    )
    expect(moved).toMatchObject({ url: 'https://hooks.example.com/a', isEnabled: true })
    // Turned off again with no local endpoint left: nothing to disable.
    expect(await setLocalDevelopment(db, site, false, now)).toEqual({ disabledEndpoints: 0 })
  })
})
