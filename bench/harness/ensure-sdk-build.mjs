// The benchmarks measure @aisle/sdk from its published build, like the peers from theirs.
import { existsSync } from 'node:fs'
import { join } from 'node:path'
import { isNewerThanSources } from '../../scripts/file-times.mjs'
import { repoRoot, run as runCommand } from '../../scripts/processes.mjs'

/**
 * Builds `packages/sdk/dist` (`npm run build -w @aisle/sdk`) when it is older than the SDK's sources.
 * @param {(line: string) => void} log
 * @throws {Error} when the SDK has no public entry or its build fails
 */
export async function ensureSdkBuild(log) {
  const sdk = join(repoRoot, 'packages/sdk')
  if (!existsSync(join(sdk, 'src/index.ts'))) {
    throw new Error('packages/sdk/src/index.ts does not exist yet: the SDK has no public entry to measure')
  }
  const sources = [
    join(sdk, 'src'),
    join(sdk, 'package.json'),
    join(sdk, 'tsconfig.json'),
    join(sdk, 'tsconfig.build.json'),
  ]
  if (isNewerThanSources(join(sdk, 'dist/index.js'), sources)) return
  log('building @aisle/sdk (npm run build -w @aisle/sdk)')
  const code = await runCommand('npm', ['run', 'build', '-w', '@aisle/sdk'])
  if (code !== 0)
    throw new Error(`the SDK build failed with exit code ${code}, so there is no dist/ to measure`)
}
