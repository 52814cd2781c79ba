import type { Db } from './db/db.ts'
import { migrate } from './db/migrate.ts'
import { seedDemoCommerce } from './seed/demo-commerce.ts'
import { seedDemoDigitalProduct } from './seed/demo-digital.ts'
import {
  type DemoReturnUris,
  registerDemoReturnUris,
  seedDemoOwner,
  seedDemoStore,
} from './seed/demo-store.ts'
import { seedScaleCatalogue } from './seed/scale-catalogue.ts'

/** `demo`: the demo store; `10k`: the demo store and 10,000 generated products (for load tests); `none`. */
export type SeedPreset = 'demo' | '10k' | 'none'

export const SCALE_PRESET_PRODUCTS = 10_000

/** Migrates, then seeds the chosen preset into a database that has no site yet. */
export async function prepareDatabase(
  db: Db,
  options: {
    seed: SeedPreset
    demoClientId: string
    onProgress?: (done: number, total: number) => void
    /** The demo store's site owner gets this password when they are created (the dashboard). */
    demoOwnerPassword?: string
    /** Return addresses the demo OAuth client gets besides its own (a storefront served elsewhere). */
    demoReturnUris?: DemoReturnUris
  },
) {
  const applied = await migrate(db)
  const [{ sites = 0 } = {}] = await db.query<{ sites: number }>('select count(*)::int as sites from sites')
  if (options.seed === 'none' || sites > 0) {
    // PGlite runs no autovacuum, so its planner statistics are only as fresh as the last start.
    if (db.kind === 'pglite') await db.query('analyze')
    await registerReturnUris(db, options)
    return { applied, seeded: undefined, demoOwner: await seedOwner(db, options) }
  }
  const seeded = await seedDemoStore(db, { clientId: options.demoClientId })
  await seedDemoCommerce(db, seeded.siteId, new Date('2026-01-01T00:00:00Z'))
  await seedDemoDigitalProduct(db, seeded.siteId)
  seeded.products += 1
  if (options.seed === '10k') {
    await seedScaleCatalogue(db, {
      siteId: seeded.siteId,
      count: SCALE_PRESET_PRODUCTS,
      onProgress: options.onProgress,
    })
    seeded.products += SCALE_PRESET_PRODUCTS
  }
  // Fresh statistics, or the planner takes the new tables for empty ones. The 10k catalogue is also
  // vacuumed, as autovacuum would soon do (PGlite has none): until its pages are marked all-visible a
  // listing's index-only scan fetches every row it counts (decision 104).
  await db.query(options.seed === '10k' ? 'vacuum analyze' : 'analyze')
  await registerReturnUris(db, options)
  return { applied, seeded, demoOwner: await seedOwner(db, options) }
}

function seedOwner(db: Db, options: { seed: SeedPreset; demoOwnerPassword?: string }) {
  return options.seed !== 'none' && options.demoOwnerPassword
    ? seedDemoOwner(db, { password: options.demoOwnerPassword })
    : Promise.resolve(false)
}

// A demo database seeded before (or for a storefront on port 3000) gets the return addresses too.
async function registerReturnUris(
  db: Db,
  options: { seed: SeedPreset; demoClientId: string; demoReturnUris?: DemoReturnUris },
) {
  const uris = options.demoReturnUris
  if (options.seed === 'none' || !uris) return
  if (uris.redirectUris.length === 0 && uris.postLogoutRedirectUris.length === 0) return
  await registerDemoReturnUris(db, options.demoClientId, uris)
}
