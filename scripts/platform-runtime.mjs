// How a platform process is run. Development runs the TypeScript sources with tsx on the machine's Node;
// production runs the bundle `apps/platform/scripts/build.mjs` makes, with `node --enable-source-maps`, on
// Node 24 (deploy/Dockerfile, deploy/systemd). The benchmarks measure the second (decision 107).
import { execFileSync } from 'node:child_process'
import { join } from 'node:path'
import { ensureNode24 } from './node24.mjs'
import { repoRoot } from './processes.mjs'

/**
 * @typedef {object} PlatformRuntime a platform process's command line, run from the platform's folder
 *   (`apps/platform` of the checkout it came from)
 * @property {string} command
 * @property {string[]} args
 * @property {string} cwd
 * @property {string} label what it is, for a benchmark's figures (`node v24.21.0, bundle`)
 */

/**
 * `npm start`'s way: tsx on this Node, from the platform's folder (so tsx reads its TypeScript settings).
 * @param {string} [root] the checkout
 * @returns {PlatformRuntime}
 */
export function sourceRuntime(root = repoRoot) {
  return {
    command: process.execPath,
    args: ['--import', 'tsx', 'src/main.ts'],
    cwd: join(root, 'apps', 'platform'),
    label: `node ${process.version}, tsx`,
  }
}

/**
 * Production's way: bundles `root`'s platform into `apps/platform/.tmp/production-dist/` (its own folder,
 * so no test's `dist/` build races it; under the platform's folder, so its packages resolve as in
 * `dist/`) and runs the bundle on Node 24 with source maps on, as the deployment files do. Bundling
 * takes about a second and is done every time, so a benchmark never measures stale code.
 * @param {{ root?: string, log?: (line: string) => void }} [options]
 * @returns {Promise<PlatformRuntime>}
 * @throws {Error} when Node 24 cannot be had or the build fails
 */
export async function productionRuntime({ root = repoRoot, log = () => {} } = {}) {
  const node = await ensureNode24({ log })
  const platformDir = join(root, 'apps', 'platform')
  const outdir = join(platformDir, '.tmp', 'production-dist')
  try {
    const built = execFileSync(node, [join(platformDir, 'scripts', 'build.mjs'), '--outdir', outdir], {
      cwd: platformDir,
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'pipe'],
    })
    log(built.trim())
  } catch (error) {
    throw new Error(`bundling the platform of ${root} failed: ${error.stderr || error.message}`)
  }
  const version = execFileSync(node, ['--version'], { encoding: 'utf8' }).trim()
  return {
    command: node,
    args: ['--enable-source-maps', join(outdir, 'main.js')],
    cwd: platformDir,
    label: `node ${version}, bundle`,
  }
}
