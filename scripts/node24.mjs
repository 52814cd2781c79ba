// Node 24 for the tests: the machine's own when it is Node 24, else the `node-linux-<arch>` package of
// the npm registry, unpacked once into .tmp/node-<version>/ (idempotent; later runs need no network).
// Usage: node scripts/node24.mjs                  prints the path of a Node 24 binary
//        node scripts/node24.mjs <command> [args]  runs the command with that Node first on PATH
import { execFileSync } from 'node:child_process'
import { existsSync, mkdirSync, readdirSync, renameSync, rmSync } from 'node:fs'
import { dirname, join } from 'node:path'
import { pathToFileURL } from 'node:url'
import { repoRoot, run } from './processes.mjs'

/** Pinned, so the cache holds one exact version and CI tests the same Node each run. */
export const NODE24_VERSION = '24.21.0'

/**
 * The path of a Node 24 binary: `process.execPath` when this is Node 24, else the registry's package,
 * fetched with `npm pack` and unpacked under `.tmp/` the first time.
 * @param {{ log?: (line: string) => void, cacheRoot?: string }} [options]
 * @returns {Promise<string>}
 * @throws {Error} on a platform the registry has no package for, or when npm or tar fails
 */
export async function ensureNode24({ log = console.log, cacheRoot = join(repoRoot, '.tmp') } = {}) {
  if (process.versions.node.split('.')[0] === '24') return process.execPath
  const folder = join(cacheRoot, `node-${NODE24_VERSION}`)
  const binary = join(folder, 'bin/node')
  if (existsSync(binary)) return binary
  if (process.platform !== 'linux' || !['x64', 'arm64'].includes(process.arch)) {
    throw new Error(
      `no node-linux-* package for ${process.platform}-${process.arch}: install Node 24 yourself`,
    )
  }
  const started = performance.now()
  const download = join(cacheRoot, `node-${NODE24_VERSION}.download`)
  rmSync(download, { recursive: true, force: true })
  mkdirSync(download, { recursive: true })
  const spec = `node-linux-${process.arch}@${NODE24_VERSION}`
  log(`node 24: fetching ${spec} from the npm registry`)
  execFileSync('npm', ['pack', spec, '--silent', '--pack-destination', download], { stdio: 'ignore' })
  const [tarball] = readdirSync(download).filter((name) => name.endsWith('.tgz'))
  if (!tarball) throw new Error(`npm pack ${spec} left no tarball in ${download}`)
  execFileSync('tar', ['-xzf', tarball], { cwd: download })
  // Renamed into place only when whole, so a run cut short never leaves a half-unpacked Node behind.
  rmSync(folder, { recursive: true, force: true })
  renameSync(join(download, 'package'), folder)
  rmSync(download, { recursive: true, force: true })
  const version = execFileSync(binary, ['--version'], { encoding: 'utf8' }).trim()
  log(`node 24: ${version} in ${folder}, in ${((performance.now() - started) / 1000).toFixed(1)} s`)
  return binary
}

/** The environment of a command that should find `binary` as `node` (npx and npm scripts included). */
export function withNodeFirst(binary, env = process.env) {
  return { ...env, PATH: `${dirname(binary)}:${env.PATH ?? ''}` }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const [command, ...args] = process.argv.slice(2)
  try {
    const binary = await ensureNode24({ log: (line) => console.error(line) })
    if (!command) console.log(binary)
    else process.exit(await run(command, args, { env: withNodeFirst(binary) }))
  } catch (error) {
    console.error(`node24: ${error instanceof Error ? error.message : error}`)
    process.exit(1)
  }
}
