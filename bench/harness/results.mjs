// What every benchmark records beside its figures: when, on what machine, with which versions.
import { existsSync, mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs'
import { cpus, platform, release, totalmem } from 'node:os'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'

export const benchRoot = fileURLToPath(new URL('..', import.meta.url))
export const resultsDir = join(benchRoot, 'results')

/** The machine a run happened on, so figures from two machines are never compared unawares. */
export function describeMachine() {
  const processors = cpus()
  return {
    cpu: processors[0]?.model.trim() ?? 'unknown',
    cores: processors.length,
    memoryGb: Math.round(totalmem() / 1024 ** 3),
    os: `${platform()} ${release()}`,
    node: process.version,
  }
}

/**
 * The installed version of a package, found the way Node resolves it from `from` (without going
 * through the package's `exports`, which often hide `package.json`).
 * @param {string} name
 * @param {string} [from]
 * @returns {string}
 * @throws {Error} when the package is not installed
 */
export function findPackageVersion(name, from = benchRoot) {
  for (let folder = from; ; folder = dirname(folder)) {
    const manifest = join(folder, 'node_modules', name, 'package.json')
    if (existsSync(manifest)) return JSON.parse(readFileSync(manifest, 'utf8')).version
    if (dirname(folder) === folder)
      throw new Error(`${name} is not installed (run npm ci at the repository root)`)
  }
}

/**
 * Writes `results/<name>.json` and `results/<name>.svg`, each through a temporary file, so an
 * interrupted run never leaves half a result behind.
 * @param {string} name
 * @param {object} figures
 * @param {string} svg
 * @returns {{ json: string, svg: string }} the two paths
 */
export function writeResults(name, figures, svg) {
  mkdirSync(resultsDir, { recursive: true })
  const paths = { json: join(resultsDir, `${name}.json`), svg: join(resultsDir, `${name}.svg`) }
  writeAtomically(paths.json, `${JSON.stringify(figures, null, 2)}\n`)
  writeAtomically(paths.svg, svg)
  return paths
}

function writeAtomically(path, text) {
  const temporary = `${path}.tmp-${process.pid}`
  writeFileSync(temporary, text)
  renameSync(temporary, path)
}
