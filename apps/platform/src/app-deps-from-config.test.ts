import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Db } from './db/db.ts'
import { appFromConfig, depsFromConfig } from './testing/app-from-config.ts'
import { openTestDatabase } from './testing/test-database.ts'

describe('the app main.ts makes from the configuration', () => {
  let db: Db
  beforeAll(async () => {
    db = await openTestDatabase('pglite', 'empty')
  })
  afterAll(() => db.close())

  const depsFrom = (env: Record<string, string>) => depsFromConfig(db, env)
  const appFrom = (env: Record<string, string>) => appFromConfig(db, env)
  const inboxStatus = async (env: Record<string, string>) =>
    (await appFrom(env).request('http://localhost:4000/_dev/mail')).status

  it('serves no local inbox when it listens on 0.0.0.0, even with a loopback PUBLIC_URL', async () => {
    expect(await inboxStatus({ HOST: '0.0.0.0', PUBLIC_URL: 'http://localhost:4000' })).toBe(404)
  })

  it('serves the local inbox when it listens on loopback, or on 0.0.0.0 when told to', async () => {
    expect(await inboxStatus({ HOST: '127.0.0.1' })).toBe(200)
    expect(await inboxStatus({ HOST: '0.0.0.0', MAIL_DEV_INBOX: 'on' })).toBe(200)
  })

  it('answers no GraphQL introspection in production', () => {
    expect(depsFrom({ NODE_ENV: 'production' }).graphqlIntrospection).toBe(false)
    expect(depsFrom({}).graphqlIntrospection).toBe(true)
  })

  it('serves the GraphQL explorer on a local platform outside production only, and the API reference links it only then', async () => {
    const explorer = async (env: Record<string, string>) =>
      (await appFrom(env).request('http://localhost:4000/_dev/graphql')).status
    const reference = async (env: Record<string, string>) =>
      (await appFrom(env).request('http://localhost:4000/docs')).text()
    expect(await explorer({})).toBe(200)
    expect(await explorer({ NODE_ENV: 'production' })).toBe(404)
    // The local inbox's rule: a platform on 0.0.0.0 serves no explorer, even outside production.
    expect(await explorer({ HOST: '0.0.0.0', PUBLIC_URL: 'http://localhost:4000' })).toBe(404)
    expect(await explorer({ HOST: '0.0.0.0' })).toBe(404)
    expect(await reference({})).toContain('href="/_dev/graphql"')
    const production = await reference({ NODE_ENV: 'production' })
    expect(production).toContain('API reference')
    expect(production).not.toContain('href="/_dev/graphql"')
  })
})
