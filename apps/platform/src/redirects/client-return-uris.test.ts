import { afterEach, describe, expect, it } from 'vitest'
import type { Db } from '../db/db.ts'
import { ApplicationError, ValidationError } from '../http/errors.ts'
import { DEMO_CLIENT_ID } from '../seed/demo-ids.ts'
import { DEMO_SITE_ID } from '../seed/demo-store.ts'
import { databaseKinds, openTestDatabase } from '../testing/test-database.ts'
import { addClientReturnUris } from './client-return-uris.ts'
import { findClientRegistration } from './redirect-uri.ts'

const seeded = {
  redirectUris: ['http://localhost:3000/callback', 'http://127.0.0.1:3000/callback'],
  postLogoutRedirectUris: ['http://localhost:3000/', 'http://127.0.0.1:3000/'],
}
const shop = {
  redirectUris: ['http://localhost:3100/callback', 'http://127.0.0.1:3100/callback'],
  postLogoutRedirectUris: ['http://localhost:3100/', 'http://127.0.0.1:3100/'],
}

describe.each(databaseKinds())("adding an OAuth client's return addresses (%s)", (kind) => {
  let db: Db | undefined
  afterEach(async () => {
    await db?.close()
    db = undefined
  })

  it('adds new addresses after the ones the client has, and answers the client', async () => {
    db = await openTestDatabase(kind)
    const client = await addClientReturnUris(db, DEMO_SITE_ID, DEMO_CLIENT_ID, shop)
    const expected = {
      id: DEMO_CLIENT_ID,
      siteId: DEMO_SITE_ID,
      redirectUris: [...seeded.redirectUris, ...shop.redirectUris],
      postLogoutRedirectUris: [...seeded.postLogoutRedirectUris, ...shop.postLogoutRedirectUris],
    }
    expect(client).toEqual(expected)
    expect(await findClientRegistration(db, DEMO_CLIENT_ID)).toEqual(expected)
  })

  it('adds each address once: twice in one call, or in a second call, changes nothing more', async () => {
    db = await openTestDatabase(kind)
    const twice = {
      redirectUris: [...shop.redirectUris, ...shop.redirectUris, seeded.redirectUris[0]!],
      postLogoutRedirectUris: [...shop.postLogoutRedirectUris, ...shop.postLogoutRedirectUris],
    }
    const first = await addClientReturnUris(db, DEMO_SITE_ID, DEMO_CLIENT_ID, twice)
    expect(first.redirectUris).toEqual([...seeded.redirectUris, ...shop.redirectUris])
    expect(first.postLogoutRedirectUris).toEqual([
      ...seeded.postLogoutRedirectUris,
      ...shop.postLogoutRedirectUris,
    ])
    expect(await addClientReturnUris(db, DEMO_SITE_ID, DEMO_CLIENT_ID, shop)).toEqual(first)
  })

  it('refuses an unsafe address with a field violation for it, and adds none of the others', async () => {
    db = await openTestDatabase(kind)
    const attempt = addClientReturnUris(db, DEMO_SITE_ID, DEMO_CLIENT_ID, {
      redirectUris: ['https://shop.example/callback', 'http://shop.example/callback'],
      postLogoutRedirectUris: ['https://shop.example/#top'],
    })
    await expect(attempt).rejects.toBeInstanceOf(ValidationError)
    await expect(attempt).rejects.toMatchObject({
      fieldViolations: [
        expect.objectContaining({ field: 'postLogoutRedirectUris[0]', violatedRule: 'FORMAT' }),
        expect.objectContaining({ field: 'redirectUris[1]', violatedRule: 'FORMAT' }),
      ],
    })
    expect(await findClientRegistration(db, DEMO_CLIENT_ID)).toMatchObject(seeded)
  })

  it('refuses a client the site does not have, with OAUTH_CLIENT_NOT_FOUND', async () => {
    db = await openTestDatabase(kind)
    for (const [siteId, clientId] of [
      [DEMO_SITE_ID, '00000000-0000-4000-8000-000000000000'],
      ['00000000-0000-4000-8000-000000000001', DEMO_CLIENT_ID],
    ] as const) {
      await expect(addClientReturnUris(db, siteId, clientId, shop)).rejects.toMatchObject(
        new ApplicationError('OAUTH_CLIENT_NOT_FOUND', 'The site has no OAuth client with this id.'),
      )
    }
    expect(await findClientRegistration(db, DEMO_CLIENT_ID)).toMatchObject(seeded)
  })
})
