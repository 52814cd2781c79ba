// Builds the storefront when its build is missing or older than anything it is built from.
import { existsSync } from 'node:fs'
import { join } from 'node:path'
import { isNewerThanSources } from './file-times.mjs'
import { repoRoot, run, secondsSince } from './processes.mjs'

const storefront = join(repoRoot, 'apps/storefront')

/**
 * Runs `npm run build -w @aisle/storefront` unless `build/server/index.js` is newer than every source
 * file of the storefront, of the SDK it bundles (through the `@aisle/source` condition) and the lock file.
 * @param {{ log?: (line: string) => void }} [options]
 * @returns {Promise<{ built: boolean }>}
 * @throws {Error} when the build fails
 */
export async function ensureStorefrontBuild({ log = console.log } = {}) {
  if (!existsSync(join(storefront, 'package.json'))) throw new Error(`${storefront} is missing`)
  const sources = [
    storefront,
    join(repoRoot, 'packages/sdk/src'),
    join(repoRoot, 'packages/sdk/package.json'),
  ]
  if (
    isNewerThanSources(join(storefront, 'build/server/index.js'), [
      ...sources,
      join(repoRoot, 'package-lock.json'),
    ])
  ) {
    log('storefront: build is up to date')
    return { built: false }
  }
  log('storefront: building')
  const started = performance.now()
  // Always a production build: Vite keeps a NODE_ENV it inherits, and under Vitest (NODE_ENV=test) it would
  // bundle React's development build, which warns in the console and weighs three times as much.
  const code = await run('npm', ['run', 'build', '-w', '@aisle/storefront'], {
    env: { ...process.env, NODE_ENV: 'production' },
  })
  if (code !== 0) throw new Error(`the storefront build failed with exit code ${code} (see its output above)`)
  log(`storefront: built in ${secondsSince(started)}`)
  return { built: true }
}
