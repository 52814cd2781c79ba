import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Db } from '../../db/db.ts'
import { DEMO_OWNER_EMAIL } from '../../seed/demo-ids.ts'
import { seedDemoOwner } from '../../seed/demo-store.ts'
import { testHasher } from '../../testing/dashboard-browser.ts'
import { openTestDatabase } from '../../testing/test-database.ts'
import { findSiteUserByCredentials } from './site-user-store.ts'

describe('seedDemoOwner', () => {
  let demo: Db
  let empty: Db
  beforeAll(async () => {
    demo = await openTestDatabase('pglite', 'demo')
    empty = await openTestDatabase('pglite', 'empty')
  })
  afterAll(async () => {
    await demo.close()
    await empty.close()
  })

  it('gives the demo store its site owner once, with the password it is given', async () => {
    expect(await seedDemoOwner(demo, { password: 'a demo password', hasher: testHasher })).toBe(true)
    expect(await seedDemoOwner(demo, { password: 'another password', hasher: testHasher })).toBe(false)
    const owner = await findSiteUserByCredentials(demo, testHasher, {
      email: DEMO_OWNER_EMAIL,
      password: 'a demo password',
    })
    expect(owner?.email).toBe(DEMO_OWNER_EMAIL)
  })

  it('does nothing without the demo store', async () => {
    expect(await seedDemoOwner(empty, { password: 'a demo password', hasher: testHasher })).toBe(false)
    expect(await empty.query('select 1 from site_users')).toHaveLength(0)
  })
})
