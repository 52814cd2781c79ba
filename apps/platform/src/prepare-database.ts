import type { Db } from './db/db.ts'
import { migrate } from './db/migrate.ts'
import { seedDemoStore } from './seed/demo-store.ts'

/** Migrates, then seeds the demo store into a database that has no site yet. */
export async function prepareDatabase(db: Db, options: { seed: 'demo' | 'none'; demoClientId: string }) {
  const applied = await migrate(db)
  const [{ sites = 0 } = {}] = await db.query<{ sites: number }>('select count(*)::int as sites from sites')
  const seeded =
    options.seed === 'demo' && sites === 0
      ? await seedDemoStore(db, { clientId: options.demoClientId })
      : undefined
  return { applied, seeded }
}
