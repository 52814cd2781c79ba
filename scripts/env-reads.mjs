// Finds the environment variables the code reads, by reading it as text: the apps, their scripts, the
// repository's scripts and operator command, the end-to-end tests, the benchmarks, and deploy/'s compose
// file and scripts. Shared by the tests that keep the README's settings and `.env.example` complete.
import { readdirSync, readFileSync } from 'node:fs'
import { join, relative } from 'node:path'
import { repoRoot } from './processes.mjs'

const SKIPPED_FOLDERS = new Set(['node_modules', 'build', 'dist', '.react-router', 'test-results', 'results'])

/**
 * `process.env.NAME`, `env.NAME`, `env['NAME']`, a helper handed the environment and a name
 * (`parseOnOff(env, 'NAME')`), and `option('flag', 'NAME', fallback)` of `scripts/topology.mjs`.
 */
const ENV_READS = [
  /\b(?:process\.)?env(?:\.([A-Z][A-Z0-9_]+)|\[['"]([A-Z][A-Z0-9_]+)['"]\])/g,
  /\(\s*env\s*,\s*['"]([A-Z][A-Z0-9_]+)['"]/g,
  /\boption\(\s*'[^']*'\s*,\s*'([A-Z][A-Z0-9_]+)'/g,
]

/** A shell's or compose's `${NAME}`, `${NAME:-default}`, `${NAME:?message}`: in deploy/'s files only. */
const DEPLOY_READS = /\$\{([A-Z][A-Z0-9_]+)/g

/**
 * Not settings anyone sets: what the end-to-end setup hands its own workers, the index Playwright gives
 * each worker, and the shell's `PATH` (which `scripts/node24.mjs` extends for its child processes).
 */
export const INTERNAL_VARIABLES = new Set([
  'AISLE_E2E_API_URL',
  'AISLE_E2E_STOREFRONT_URL',
  'AISLE_E2E_SYSTEMS',
  'TEST_PARALLEL_INDEX',
  'PATH',
])

/** Every file below `folder` whose name matches `pattern`, skipping dependencies and build output. */
function listFiles(folder, pattern) {
  const found = []
  for (const entry of readdirSync(folder, { withFileTypes: true })) {
    const path = join(folder, entry.name)
    if (entry.isDirectory()) {
      if (!SKIPPED_FOLDERS.has(entry.name)) found.push(...listFiles(path, pattern))
    } else if (pattern.test(entry.name)) found.push(path)
  }
  return found
}

/**
 * The variables the code reads, each with the first file (relative to the repository) that reads it;
 * `INTERNAL_VARIABLES` and anything read only by the files in `except` are left out.
 * @param {{ except?: string[] }} [options] absolute paths of files not to scan (a test's own file)
 * @returns {Map<string, string>}
 */
export function findEnvReads({ except = [] } = {}) {
  const sources = [
    ...listFiles(join(repoRoot, 'apps/platform/src'), /\.(ts|tsx)$/),
    ...listFiles(join(repoRoot, 'apps/platform/scripts'), /\.ts$/),
    ...listFiles(join(repoRoot, 'apps/storefront/app'), /\.(ts|tsx)$/),
    join(repoRoot, 'apps/storefront/server.js'),
    ...listFiles(join(repoRoot, 'scripts'), /\.mjs$/),
    ...listFiles(join(repoRoot, 'e2e'), /\.ts$/),
    ...listFiles(join(repoRoot, 'bench'), /\.mjs$/),
    join(repoRoot, 'bin/aisle.mjs'),
  ].filter((file) => !except.includes(file))
  const readBy = new Map()
  for (const file of sources) {
    const text = readFileSync(file, 'utf8')
    for (const pattern of ENV_READS) {
      for (const match of text.matchAll(pattern)) {
        const name = match[1] ?? match[2]
        if (!INTERNAL_VARIABLES.has(name) && !readBy.has(name)) readBy.set(name, relative(repoRoot, file))
      }
    }
  }
  for (const file of listFiles(join(repoRoot, 'deploy'), /\.(ya?ml|sh)$/)) {
    for (const match of readFileSync(file, 'utf8').matchAll(DEPLOY_READS)) {
      const name = match[1]
      if (!INTERNAL_VARIABLES.has(name) && !readBy.has(name)) readBy.set(name, relative(repoRoot, file))
    }
  }
  return readBy
}
