// Installs the workspace's npm dependencies when they are missing or stale; instant when they are not.
// Usage: node scripts/ensure-dependencies.mjs
import { createHash } from 'node:crypto'
import { existsSync, readFileSync, statSync, utimesSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { pathToFileURL } from 'node:url'
import { repoRoot, run, secondsSince } from './processes.mjs'

const markerName = '.aisle-installed.json'

/**
 * Runs `npm ci` when `node_modules` is missing or `package-lock.json` changed since the last
 * successful install, which leaves a marker in `node_modules` holding the lock file's hash.
 * @param {{ root?: string, log?: (line: string) => void }} [options]
 * @returns {Promise<{ installed: boolean, seconds?: number }>}
 * @throws {Error} when `npm ci` fails
 */
export async function ensureDependencies({ root = repoRoot, log = console.log } = {}) {
  const reason = findInstallReason(root)
  if (reason === undefined) return { installed: false }
  log(`dependencies: ${reason}; running npm ci`)
  const started = performance.now()
  const code = await run('npm', ['ci', '--no-audit', '--no-fund'], { cwd: root })
  if (code !== 0) throw new Error(`npm ci failed with exit code ${code} (see its output above)`)
  writeMarker(root)
  log(`dependencies: installed in ${secondsSince(started)}`)
  return { installed: true, seconds: (performance.now() - started) / 1000 }
}

/** @returns {string | undefined} why an install is needed, or nothing when it is not */
function findInstallReason(root) {
  const lock = join(root, 'package-lock.json')
  const modules = join(root, 'node_modules')
  const marker = join(modules, markerName)
  if (!existsSync(lock)) throw new Error(`${lock} is missing: npm ci needs the lock file`)
  if (!existsSync(modules)) return 'node_modules is missing'
  const lockChanged = statSync(lock).mtimeMs
  if (existsSync(marker)) {
    if (lockChanged <= statSync(marker).mtimeMs) return undefined
    // A checkout can touch the lock file without changing it: compare contents before reinstalling.
    if (readMarkerHash(marker) === hashFile(lock)) {
      const now = new Date()
      utimesSync(marker, now, now)
      return undefined
    }
    return 'package-lock.json changed since the last install'
  }
  // No marker yet, but npm's own record of the tree (written at the end of every install) is newer
  // than the lock: the tree was installed from this lock by hand, so adopt it instead of reinstalling.
  const npmRecord = join(modules, '.package-lock.json')
  if (existsSync(npmRecord) && statSync(npmRecord).mtimeMs >= lockChanged) {
    writeMarker(root)
    return undefined
  }
  return 'no record of a completed install from this package-lock.json'
}

function writeMarker(root) {
  const marker = {
    lockSha256: hashFile(join(root, 'package-lock.json')),
    installedAt: new Date().toISOString(),
  }
  writeFileSync(join(root, 'node_modules', markerName), `${JSON.stringify(marker, null, 2)}\n`)
}

function readMarkerHash(marker) {
  try {
    return JSON.parse(readFileSync(marker, 'utf8')).lockSha256
  } catch {
    return undefined
  }
}

function hashFile(path) {
  return createHash('sha256').update(readFileSync(path)).digest('hex')
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const started = performance.now()
  const { installed } = await ensureDependencies()
  if (!installed) console.log(`dependencies: up to date (checked in ${secondsSince(started)})`)
}
