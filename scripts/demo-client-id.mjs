// The OAuth client id of the seeded demo site, shared by `npm start`, the platform and the storefront.
import { existsSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { repoRoot } from './processes.mjs'

/** Used until the platform's seed exports its own constant; the platform seeds this same value. */
const fallbackClientId = '9b6e3f0a-5c1d-4e8b-a7f2-2d4c6b8e0f13'

/**
 * `AISLE_CLIENT_ID` from the environment, else `DEMO_CLIENT_ID` as exported by
 * `apps/platform/src/seed/demo-ids.ts`, else the fallback constant.
 * @returns {string}
 */
export function findDemoClientId(env = process.env) {
  if (env.AISLE_CLIENT_ID) return env.AISLE_CLIENT_ID
  const seedIds = join(repoRoot, 'apps/platform/src/seed/demo-ids.ts')
  if (existsSync(seedIds)) {
    const match = readFileSync(seedIds, 'utf8').match(
      /export\s+const\s+DEMO_CLIENT_ID\s*(?::\s*string\s*)?=\s*['"`]([^'"`]+)['"`]/,
    )
    if (match?.[1]) return match[1]
  }
  return fallbackClientId
}
