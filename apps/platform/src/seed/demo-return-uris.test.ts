import { afterEach, describe, expect, it } from 'vitest'
import type { Db } from '../db/db.ts'
import { prepareDatabase } from '../prepare-database.ts'
import { findClientRegistration } from '../redirects/redirect-uri.ts'
import { databaseKinds, openTestDatabase } from '../testing/test-database.ts'
import { DEMO_CLIENT_ID } from './demo-ids.ts'

const shop = 'http://127.0.0.1:5173'

describe.each(databaseKinds())("the demo client's extra return addresses (%s)", (kind) => {
  let db: Db | undefined
  afterEach(async () => {
    await db?.close()
    db = undefined
  })

  it('keeps only the port-3000 addresses when none are given', async () => {
    db = await openTestDatabase(kind, 'empty')
    await prepareDatabase(db, { seed: 'demo', demoClientId: DEMO_CLIENT_ID })
    expect(await findClientRegistration(db, DEMO_CLIENT_ID)).toMatchObject({
      redirectUris: ['http://localhost:3000/callback', 'http://127.0.0.1:3000/callback'],
      postLogoutRedirectUris: ['http://localhost:3000/', 'http://127.0.0.1:3000/'],
    })
  })

  it('adds them when seeding and to an already seeded store, once each, and not with SEED=none', async () => {
    db = await openTestDatabase(kind, 'empty')
    const demoReturnUris = {
      redirectUris: [`${shop}/callback`, `${shop}/callback`],
      postLogoutRedirectUris: [`${shop}/`],
    }
    await prepareDatabase(db, { seed: 'demo', demoClientId: DEMO_CLIENT_ID, demoReturnUris })
    const seeded = await findClientRegistration(db, DEMO_CLIENT_ID)
    expect(seeded?.redirectUris).toEqual([
      'http://localhost:3000/callback',
      'http://127.0.0.1:3000/callback',
      `${shop}/callback`,
    ])
    expect(seeded?.postLogoutRedirectUris).toEqual([
      'http://localhost:3000/',
      'http://127.0.0.1:3000/',
      `${shop}/`,
    ])

    // A later start with the same and one more address: the new one is added, none twice.
    const other = 'https://shop.example/callback'
    await prepareDatabase(db, {
      seed: 'demo',
      demoClientId: DEMO_CLIENT_ID,
      demoReturnUris: { ...demoReturnUris, redirectUris: [other, `${shop}/callback`] },
    })
    expect((await findClientRegistration(db, DEMO_CLIENT_ID))?.redirectUris).toEqual([
      ...seeded!.redirectUris,
      other,
    ])

    const untouched = 'https://not-added.example/callback'
    await prepareDatabase(db, {
      seed: 'none',
      demoClientId: DEMO_CLIENT_ID,
      demoReturnUris: { redirectUris: [untouched], postLogoutRedirectUris: [] },
    })
    expect((await findClientRegistration(db, DEMO_CLIENT_ID))?.redirectUris).not.toContain(untouched)
  })
})
