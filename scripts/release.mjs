// `npm run release`: one archive that runs Aisle on a machine with only Node (20.19 or later) and a
// PostgreSQL server: .tmp/release/aisle-<version>-<os>-<cpu>.tar.gz holding the bundled platform, the
// built storefront, the production dependencies (no tsx, no build tools), the operator command
// (bin/aisle.mjs: migrate, seed, create-owner, status), deploy/ and a README. With `--reuse`, an
// archive newer than everything it is made from is kept (the release test's way).
import { spawnSync } from 'node:child_process'
import { cpSync, existsSync, mkdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs'
import { join, relative } from 'node:path'
import { pathToFileURL } from 'node:url'
import { ensureDependencies } from './ensure-dependencies.mjs'
import { isNewerThanSources } from './file-times.mjs'
import { repoRoot, run, secondsSince } from './processes.mjs'
import { ensureStorefrontBuild } from './storefront-build.mjs'

const platformManifest = readJson(join(repoRoot, 'apps/platform/package.json'))
const storefrontManifest = readJson(join(repoRoot, 'apps/storefront/package.json'))

/** The release's version: the platform's, which the storefront's follows. */
export const releaseVersion = platformManifest.version
/** The folder at the top of the archive. */
export const releaseName = `aisle-${releaseVersion}`
/** Native dependencies (argon2, sharp) are installed for one system: the archive names it. */
export const releaseTarget = `${process.platform}-${process.arch}`
export const releaseDir = join(repoRoot, '.tmp/release')
export const archivePath = join(releaseDir, `${releaseName}-${releaseTarget}.tar.gz`)

/** Everything the archive is made from: a change to any of them makes a new archive. */
const SOURCES = [
  'apps/platform/src',
  'apps/platform/scripts',
  'apps/platform/package.json',
  'apps/storefront',
  'packages/sdk/src',
  'packages/sdk/package.json',
  'package-lock.json',
  'bin',
  'deploy',
  'scripts/release.mjs',
  'scripts/release-readme.md',
  '.env.example',
  'LICENSE',
].map((path) => join(repoRoot, path))

/**
 * Makes the archive, or keeps the one there when `reuse` and it is newer than every source.
 * @param {{ reuse?: boolean, log?: (line: string) => void }} [options]
 * @returns {Promise<{ archive: string, built: boolean }>}
 * @throws {Error} when a build or a copy fails
 */
export async function makeRelease({ reuse = false, log = console.log } = {}) {
  if (reuse && isNewerThanSources(archivePath, SOURCES)) {
    log(`release: ${relative(repoRoot, archivePath)} is up to date`)
    return { archive: archivePath, built: false }
  }
  const started = performance.now()
  // Not under a test run (`--reuse`): an `npm ci` would pull node_modules from under the other tests.
  if (!reuse) await ensureDependencies({ log })
  const stage = join(releaseDir, releaseName)
  rmSync(stage, { recursive: true, force: true })
  mkdirSync(stage, { recursive: true })

  log('release: bundling the platform')
  const platformDist = join(stage, 'apps/platform/dist')
  const bundled = await run(process.execPath, ['apps/platform/scripts/build.mjs', '--outdir', platformDist])
  if (bundled !== 0) throw new Error(`the platform build failed with exit code ${bundled}`)
  writeJson(join(stage, 'apps/platform/package.json'), runtimeManifest(platformManifest))

  await ensureStorefrontBuild({ log })
  copy('apps/storefront/build', stage)
  copy('apps/storefront/server.js', stage)
  copy('apps/storefront/server-app.js', stage)
  copy('apps/storefront/production-mode.js', stage)
  // The SDK is bundled into the storefront's server build (vite `ssr.noExternal`): not a runtime package.
  const storefrontRuntime = runtimeManifest(storefrontManifest)
  delete storefrontRuntime.dependencies['@aisle/sdk']
  writeJson(join(stage, 'apps/storefront/package.json'), storefrontRuntime)

  const packages = listProductionPackages()
  log(`release: copying ${packages.length} production packages`)
  for (const path of packages) copyPackage(path, stage)

  copy('bin/aisle.mjs', stage)
  copy('deploy', stage, (path) => !/\.test\.mjs$/.test(path))
  copy('LICENSE', stage)
  copy('.env.example', stage)
  cpSync(join(repoRoot, 'scripts/release-readme.md'), join(stage, 'README.md'))
  writeJson(join(stage, 'package.json'), {
    name: 'aisle',
    version: releaseVersion,
    private: true,
    description: platformManifest.description,
    license: platformManifest.license,
    type: 'module',
    engines: platformManifest.engines,
    bin: { aisle: 'bin/aisle.mjs' },
    scripts: {
      aisle: 'node bin/aisle.mjs',
      'start:platform': 'node --enable-source-maps apps/platform/dist/main.js',
      'start:storefront': 'node apps/storefront/server.js',
    },
  })
  writeJson(join(stage, 'release.json'), {
    version: releaseVersion,
    target: releaseTarget,
    commit: describeCommit(),
    builtWith: process.version,
  })

  log(`release: packing ${relative(repoRoot, archivePath)}`)
  rmSync(archivePath, { force: true })
  const tar = spawnSync(
    'tar',
    ['--owner=0', '--group=0', '--numeric-owner', '-czf', archivePath, '-C', releaseDir, releaseName],
    { encoding: 'utf8' },
  )
  if (tar.status !== 0) throw new Error(`tar failed (${tar.status ?? tar.error}): ${tar.stderr}`)
  rmSync(stage, { recursive: true, force: true })
  const megabytes = (statSync(archivePath).size / 1024 / 1024).toFixed(1)
  log(`release: ${relative(repoRoot, archivePath)}, ${megabytes} MB, made in ${secondsSince(started)}`)
  return { archive: archivePath, built: true }
}

/**
 * The folders of the packages the platform and the storefront need at run time, relative to the
 * repository (`node_modules/hono`, `node_modules/a/node_modules/b`), as Node resolves them from the lock
 * file's tree: dependencies, the optional ones installed on this system, and peers that are not optional.
 * `npm ls --omit=dev` would also bring optional peers, such as typescript for React Router's adapters.
 * The workspaces' own packages are left out (the SDK is bundled into the storefront's server build).
 */
function listProductionPackages() {
  const { packages } = readJson(join(repoRoot, 'package-lock.json'))
  const found = new Set()
  const queue = ['apps/platform', 'apps/storefront']
  while (queue.length > 0) {
    const from = /** @type {string} */ (queue.shift())
    const entry = packages[from] ?? {}
    const optionalPeers = entry.peerDependenciesMeta ?? {}
    const wanted = [
      ...Object.keys(entry.dependencies ?? {}).map((name) => ({ name, isOptional: false })),
      ...Object.keys(entry.optionalDependencies ?? {}).map((name) => ({ name, isOptional: true })),
      ...Object.keys(entry.peerDependencies ?? {})
        .filter((name) => !optionalPeers[name]?.optional)
        .map((name) => ({ name, isOptional: false })),
    ]
    for (const { name, isOptional } of wanted) {
      if (name.startsWith('@aisle/')) continue
      const path = resolvePackage(packages, from, name)
      if (!path) {
        if (isOptional) continue
        throw new Error(`${from} needs ${name}, which is not installed: run npm ci`)
      }
      if (found.has(path)) continue
      found.add(path)
      queue.push(path)
    }
  }
  // A development tool in the list would mean a runtime dependency pulls it in: refuse to ship it.
  const tools = [...found].filter((path) =>
    /(^|\/)node_modules\/(tsx|vite|esbuild|vitest|typescript)$/.test(path),
  )
  if (tools.length > 0) throw new Error(`production dependencies include build tools: ${tools.join(', ')}`)
  return [...found].sort()
}

/** Where Node finds `name` from the package at `from`: the nearest node_modules up the tree that has it. */
function resolvePackage(packages, from, name) {
  let dir = from
  for (;;) {
    const candidate = dir ? `${dir}/node_modules/${name}` : `node_modules/${name}`
    if (packages[candidate] && existsSync(join(repoRoot, candidate))) return candidate
    if (!dir) return undefined
    const nested = dir.lastIndexOf('/node_modules/')
    dir = nested >= 0 ? dir.slice(0, nested) : dir.includes('/') ? dir.slice(0, dir.lastIndexOf('/')) : ''
  }
}

/** Copies one package without its nested node_modules (each nested package is listed on its own). */
function copyPackage(path, stage) {
  const from = join(repoRoot, path)
  const nested = join(from, 'node_modules')
  cpSync(from, join(stage, path), {
    recursive: true,
    filter: (source) => source !== nested,
  })
}

/** Copies a file or folder of the repository to the same place in the stage. */
function copy(path, stage, filter = () => true) {
  const from = join(repoRoot, path)
  if (!existsSync(from)) throw new Error(`${path} is missing`)
  cpSync(from, join(stage, path), { recursive: true, filter })
}

/** A workspace manifest as production needs it: what it is and what it imports, no scripts. */
function runtimeManifest(manifest) {
  const { name, version, private: isPrivate, description, type, engines, license } = manifest
  return {
    name,
    version,
    private: isPrivate,
    description,
    license,
    type,
    engines,
    dependencies: { ...manifest.dependencies },
  }
}

/** The commit the archive was made from, `+changes` when the work tree differed from it. */
function describeCommit() {
  const git = (args) => spawnSync('git', args, { cwd: repoRoot, encoding: 'utf8' })
  const head = git(['rev-parse', '--short=12', 'HEAD'])
  if (head.status !== 0) return 'unknown'
  const changes = git(['status', '--porcelain', '--untracked-files=no'])
  return `${head.stdout.trim()}${changes.stdout.trim() ? '+changes' : ''}`
}

function readJson(path) {
  return JSON.parse(readFileSync(path, 'utf8'))
}

function writeJson(path, value) {
  mkdirSync(join(path, '..'), { recursive: true })
  writeFileSync(path, `${JSON.stringify(value, null, 2)}\n`)
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const flags = process.argv.slice(2)
  if (flags.some((flag) => flag !== '--reuse')) {
    console.error('usage: npm run release [-- --reuse]   (--reuse keeps an archive newer than its sources)')
    process.exit(2)
  }
  try {
    const { archive } = await makeRelease({ reuse: flags.includes('--reuse') })
    console.log(archive)
  } catch (error) {
    console.error(`npm run release: ${error instanceof Error ? error.message : error}`)
    process.exit(1)
  }
}
