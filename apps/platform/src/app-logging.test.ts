import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createApp } from './app.ts'
import type { Db } from './db/db.ts'
import { createLogger } from './log.ts'
import { DEMO_CLIENT_ID } from './seed/demo-ids.ts'
import { openTestDatabase } from './testing/test-database.ts'
import { TEST_PUBLIC_URL } from './testing/test-platform.ts'

// Issue 20: secrets and tokens are never written. The app logs every request; whatever a caller sends
// (tokens in headers, cookies, query strings and bodies, passwords), none of it reaches the log.
describe('the log of the app', () => {
  let db: Db
  const lines: string[] = []
  let app: ReturnType<typeof createApp>
  beforeAll(async () => {
    db = await openTestDatabase('pglite')
    app = createApp({
      db,
      publicUrl: TEST_PUBLIC_URL,
      logger: createLogger('debug', (line) => lines.push(line)),
    })
  })
  afterAll(() => db.close())

  it('holds no token, cookie or password a request carried, in a record per request', async () => {
    const tokenAnswer = await app.request(`${TEST_PUBLIC_URL}/oauth2/token`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ clientId: DEMO_CLIENT_ID, grantType: 'anonymous' }),
    })
    const { access_token, refresh_token } = (await tokenAnswer.json()) as Record<string, string>
    const secrets = [access_token!, refresh_token!, 'correct-horse-battery', 'aisle_owner_session_value']
    await app.request(`${TEST_PUBLIC_URL}/ecom/v1/carts/current`, {
      headers: { authorization: access_token!, cookie: `aisle_owner=${secrets[3]}` },
    })
    await app.request(`${TEST_PUBLIC_URL}/oauth2/token`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        clientId: DEMO_CLIENT_ID,
        grantType: 'refresh_token',
        refreshToken: refresh_token,
      }),
    })
    await app.request(`${TEST_PUBLIC_URL}/nowhere?token=${access_token}&password=${secrets[2]}`, {
      headers: { authorization: `Bearer ${access_token}` },
    })
    await app.request(`${TEST_PUBLIC_URL}/identity/v1/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: access_token! },
      body: JSON.stringify({ loginId: { email: 'nobody@shop.example' }, password: secrets[2] }),
    })
    await app.request(`${TEST_PUBLIC_URL}/graphql/alpha`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: access_token! },
      body: JSON.stringify({ query: '{ product(id: "x") { id } }' }),
    })
    const records = lines.map((line) => JSON.parse(line) as Record<string, unknown>)
    expect(records.filter((record) => record.message === 'request')).toHaveLength(6)
    const written = lines.join('')
    for (const secret of secrets) expect(written).not.toContain(secret)
  })
})
